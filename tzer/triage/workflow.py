"""What `tzer reduce` and `tzer triage` do with findings: confirm, reduce, write bug folders."""

from __future__ import annotations

import queue
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from tirkit.errors import first_line
from tirkit.nodes import allocated_elements
from tirkit.regions import clip_declared_regions, declared_outside
from tirkit.script import from_script, is_block_form, is_tile_program, to_script
from tzer import targets
from tzer.campaign.files import json_text, write_folder, write_text
from tzer.campaign.folder import load_signatures
from tzer.campaign.testcase import TestCase
from tzer.engine.confirmer import HANG_PATIENCE
from tzer.environment import tvm_version
from tzer.execution.confirm import (
    PIPELINE,
    Observation,
    bisect_run_crash,
    confirm,
    crash_producer,
    crashed_at_run,
    is_run_crash,
    run_case,
)
from tzer.execution.executor import Executor
from tzer.oracles.culprit import LOWER_INTRIN, scalable_vectors_culprit
from tzer.oracles.reference import STEP_BUDGET
from tzer.passes import autoschedule
from tzer.passes.labels import pass_family
from tzer.passes.mutation import repair
from tzer.passes.registry import spec_label
from tzer.reference import UndefinedBehaviour, interpret
from tzer.runtime.inputs import make_arguments
from tzer.signature import crash_site, message_of, without_target
from tzer.targets import HOST
from tzer.triage.analysis import constraint_scope_culprit, triage_analysis_bug
from tzer.triage.blame import diagnosis, named_culprit, scheduler_primitive_crash, serializer_crash
from tzer.triage.bugs import EXAMPLES_TO_CONFIRM, Bug, collect_findings, group
from tzer.triage.clock import PhaseClock
from tzer.triage.finding import Case, Finding, FindingError, load_finding
from tzer.triage.memory import BugMemory
from tzer.triage.reduce import Candidates, NotReproducible, Reduction, Sizes, guilty_pass, reduce_case
from tzer.triage.report import BugReport, campaign_start, report_markdown, summary_markdown
from tzer.triage.repro import REDUCED_REPEATS, REPRO_SECONDS, repro_script, run_repro
from tzer.triage.shrink import ir_nodes, numbered_candidates
from tzer.vocabulary import ANALYSIS, CULPRIT_CHECK, ORIGIN_CHECK, FindingKind, Stage, Verdict

Say = Callable[[str], None]


class SameFailure:
    """The reducer's predicate for real cases: run in a clean worker, compare kind and signature.

    Candidates run in one long-lived worker (a crash or hang only costs a restart); the last
    matching observation of each case is kept so a report can quote the reduced case's error.
    """

    def __init__(self, executor: Executor, kind: FindingKind, signature: str, checks: dict[str, bool],
                 rng: int, keep_pass: str | None = None, target: str = HOST) -> None:
        self.executor = executor
        self.kind = kind
        self.signature = signature
        # A crash at run blamed on a pass by bisection: a candidate without that pass may crash
        # because of another one, which would be another bug.
        self.keep_pass = pass_family(keep_pass) if keep_pass and keep_pass != PIPELINE else None
        # Where candidates run their builds, the reference interpreter judges them first: a candidate
        # with undefined behaviour never counts as the same failure, so reduction stays UB-free.
        runs_builds = any(checks.get(name) for name in ("differential", "perf"))
        self.checks = {**checks, "reference": True} if runs_builds else checks
        self.rng = rng
        self.target = target
        self.matches: dict[str, Observation] = {}

    def __call__(self, case: Case) -> bool:
        if self.keep_pass and not any(spec["name"] == self.keep_pass for spec in case.passes):
            return False
        # A test that raised is judged by the interpreter in the worker (the reference oracle's
        # excuse); one that killed the worker is judged here, so that no reduced case keeps undefined
        # behaviour (a declared region outside its buffer, say) either.
        if self.kind in (FindingKind.CRASH, FindingKind.HANG, FindingKind.OOM) and \
                has_undefined_behaviour(case.script, self.rng):
            return False
        seen = run_case(self.executor, case.script, case.passes, self.checks, self.rng, self.target)
        if seen.kind == self.kind and seen.signature == self.signature:
            self.matches[case.key()] = seen
            return True
        return False


# Functions whose buffers hold more elements are not interpreted in triage's own process.
MAX_INTERPRETED_ELEMENTS = 1 << 20


def has_undefined_behaviour(script: str, rng: int) -> bool:
    """Whether the reference interpreter finds undefined behaviour in the function on the inputs
    the fuzzer gives it (strictly, as it judges a test that failed to build); False where it cannot
    tell (no inputs, an unsupported construct, buffers too big to interpret here)."""
    try:
        func = from_script(script).with_attr("global_symbol", "main")
        args = make_arguments(func, np.random.default_rng(rng))
    except Exception:  # noqa: BLE001 - no inputs: nothing to judge by
        return False
    if sum(a.size for a in args if isinstance(a, np.ndarray)) + allocated_elements(func) > MAX_INTERPRETED_ELEMENTS:
        return False
    try:
        interpret(func, args, step_budget=STEP_BUDGET, strict=True)
    except UndefinedBehaviour:
        return True
    except Exception:  # noqa: BLE001 - unsupported, over budget, a failed assertion: not UB
        return False
    return False


def shrinker_for(kind: FindingKind, stage: str | None) -> Candidates:
    """Failures seen only when the code runs get the edits that cannot add undefined behaviour."""
    runtime = kind in (FindingKind.INCONSISTENCY, FindingKind.PERF) or stage in (Stage.RUN, Stage.COMPARE)
    return lambda script, start: numbered_candidates(script, runtime_safe=runtime, start=start)


@dataclass
class Reduced:
    """A reduced finding: the reduction, the meta.json of the reduced case and its last observation."""

    reduction: Reduction
    meta: dict[str, Any]
    observation: Observation | None


def reduce_finding(finding: Finding, executor: Executor, seconds: float, max_tests: int | None = None,
                   say: Say | None = None) -> Reduced:
    """Reduce a finding with candidates run in `executor`'s worker; raises NotReproducible."""
    bisected = finding.meta.get("guilty_pass") if is_run_crash(finding.kind, finding.meta.get("stage")) else None
    predicate = SameFailure(executor, finding.kind, finding.run_signature, finding.checks, finding.rng,
                            keep_pass=bisected, target=finding.target)
    start, contract = _within_contract(finding, predicate)
    start = _inside_buffers(start, predicate)
    block_form, tile_program = is_block_form(start.script), is_tile_program(start.script)
    # A sequence that holds its passes' prerequisites keeps them through reduction.
    reduction = reduce_case(start, predicate, seconds=seconds, max_tests=max_tests,
                            shrinker=shrinker_for(finding.kind, finding.meta.get("stage")), progress=say,
                            fix_passes=(lambda seq: repair(seq, block_form, tile_program))
                            if contract == "inside" else None)
    without, no_ops = _without_no_op_passes(reduction.reduced, predicate)
    reduction = replace(reduction, reduced=without, after=Sizes.of(without))
    seen = predicate.matches.get(reduction.reduced.key())
    meta = dict(finding.meta, contract=contract)
    if no_ops:
        meta["no_op_passes"] = no_ops
    if seen is not None:
        stage, pass_name = seen.result.where
        outcome = seen.result.outcome
        meta.update({"stage": stage, "pass": pass_name, "message": outcome.message, "error": outcome.error,
                     "signal": seen.result.signal})
    meta.update({
        "signature": finding.signature, "confirmed": Verdict.NOT_CHECKED, "reduced_from": str(finding.path),
        "guilty_pass": guilty_pass(reduction.reduced.passes, meta.get("stage"), meta.get("pass")),
        "size_before": reduction.before.to_dict(), "size_after": reduction.after.to_dict(),
        "reduction_tests": reduction.tests, "reduction_seconds": round(reduction.seconds, 1),
        "reduction_finished": reduction.finished, "tvm_version": tvm_version(),
    })
    if bisected:
        meta["guilty_pass"] = _relabel(bisected, reduction.reduced.passes)
    return Reduced(reduction, meta, seen)


def _inside_buffers(case: Case, predicate: SameFailure) -> Case:
    """The case with every declared region clipped to its buffer, where it still fails the same way.
    Reduction then keeps them inside (tzer.triage.shrink): a maintainer doubts a report whose block
    declares `A[0:3]` of a 2-element buffer, though TVM's own TOPI blocks declare such regions."""
    func = from_script(case.script)
    if not declared_outside(func):
        return case
    clipped = Case(to_script(clip_declared_regions(func)), case.passes)
    return clipped if predicate(clipped) else case


def _without_no_op_passes(case: Case, predicate: SameFailure) -> tuple[Case, list[str]]:
    """The case without the passes that leave its function unchanged, and their names, where it
    still fails the same way. Reduction keeps every prerequisite of a pass it keeps (a sequence
    inside the contract stays inside), but one that changes nothing here is noise in a report:
    without it, each later pass sees the same IR."""
    seen = predicate.matches.get(case.key())
    effects = seen.result.outcome.details.get("pass_effects", []) if seen is not None else []
    unchanged = {index for index, effect in enumerate(effects) if effect[1] == "unchanged"}
    if not unchanged:
        return case, []
    candidate = Case(case.script, [spec for index, spec in enumerate(case.passes) if index not in unchanged])
    if not predicate(candidate):
        return case, []
    return candidate, [spec["name"] for index, spec in enumerate(case.passes) if index in unchanged]


def _within_contract(finding: Finding, predicate: SameFailure) -> tuple[Case, str]:
    """The case to reduce and its contract under today's prerequisites, which may ask for more than
    the fuzzer's did when it ran the case: a case that still fails with them is reduced from there;
    one that fails only without them is out of contract, and listed apart."""
    case = finding.case
    if finding.meta.get("contract", "inside") != "inside":
        return case, "outside"
    completed = repair(case.passes, is_block_form(case.script), is_tile_program(case.script))
    if completed == case.passes:
        return case, "inside"
    with_prerequisites = Case(case.script, completed)
    return (with_prerequisites, "inside") if predicate(with_prerequisites) else (case, "outside")


def _relabel(guilty: str, passes: list[dict[str, Any]]) -> str:
    """The bisected guilty pass as the reduced sequence spells it (reduction may drop its arguments)."""
    same = [spec_label(spec) for spec in passes if spec["name"] == pass_family(guilty)]
    return same[-1] if same else guilty


class ProgressLine:
    """One status line: rewritten in place on a terminal, a line every few seconds otherwise."""

    def __init__(self, stream: Any = None, every: float = 10.0) -> None:
        # Looked up at run time, not import time: tests and wrappers replace sys.stderr.
        self.stream = stream or sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every = every
        self.last = 0.0
        self.prefix = ""

    def __call__(self, message: str, force: bool = False) -> None:
        now = time.monotonic()
        if self.tty:
            self.stream.write(f"\r\033[K{self.prefix}{message}")
        elif force or now - self.last >= self.every:
            self.stream.write(f"{self.prefix}{message}\n")
        else:
            return
        self.last = now
        self.stream.flush()

    def done(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


@dataclass
class TriageOptions:
    seconds_per_bug: float = 60.0
    repeats: int = 3
    timeout: float = 10.0
    reduce: bool = True
    jobs: int = 1  # bugs triaged at once, each in its own clean worker


def triage_campaign_folder(out: Path, options: TriageOptions,
                           progress: ProgressLine | None = None, memory: BugMemory | None = None) -> list[dict]:
    """Confirm, group and reduce every finding of campaign `out`; write OUT/bugs/. Returns the rows.
    With a bug `memory`, the root causes it knows are listed after the new ones (and it learns the new)."""
    from tzer.execution.confirm import clean_executor

    progress = progress or ProgressLine()
    findings, problems = collect_findings(out)
    for problem in problems:
        print(f"tzer triage: skipping {problem}", file=sys.stderr)
    bugs_dir = Path(out) / "bugs"
    bugs_dir.mkdir(exist_ok=True)
    (Path(out) / "workers").mkdir(exist_ok=True)
    log = Path(out) / "workers" / "triage.log"
    executor = clean_executor(options.timeout, log)
    try:
        _bisect_unblamed(findings, executor, progress)
    finally:
        executor.close()
    bugs = group(findings, load_signatures(out), size=_safe_size)
    rows: dict[int, dict] = {}
    lock = threading.Lock()
    # Bugs are independent and their work happens in the workers: threads only wait on them.
    idle: queue.Queue[Executor] = queue.Queue()
    for job in range(max(1, min(options.jobs, len(bugs)))):
        # One log per worker: a crash's frames are read back from its own worker's log.
        idle.put(clean_executor(options.timeout, log if job == 0 else log.with_name(f"triage-{job}.log")))

    def triage_one(index: int, bug: Bug) -> None:
        worker = idle.get()
        clock = PhaseClock()
        # With several bugs at once, only whole-bug results make a readable progress line.
        say = progress if options.jobs == 1 else _quiet
        try:
            if options.jobs == 1:
                progress.prefix = f"triage [{index}/{len(bugs)}] {bug.id}: "
            # A hang must make no progress, not be a slow build: its re-runs wait as long as the
            # fuzzer's confirmation does before they agree.
            worker.timeout = options.timeout * (HANG_PATIENCE if bug.kind == FindingKind.HANG else 1)
            try:
                if bug.findings[0].case_json is not None:
                    row = triage_analysis_bug(bug, bugs_dir, worker, options.seconds_per_bug if options.reduce else 0,
                                              options.repeats, say, clock)
                else:
                    row = _triage_bug(bug, bugs_dir, worker, options, say, clock)
            except Exception as error:  # noqa: BLE001 - one bug must not end the triage of the others
                row = _not_reproduced(bug, bug.smallest,
                                      f"triage failed on it ({type(error).__name__}: {first_line(error)})")
            row["seconds"] = clock.to_dict()
        finally:
            idle.put(worker)
        with lock:
            rows[index] = row
            write_text(bugs_dir / "summary.md", summary_markdown([rows[k] for k in sorted(rows)]))
            progress.prefix = f"triage [{len(rows)}/{len(bugs)}] {bug.id}: "
            progress(f"{row['status']}, {row.get('sizes', row.get('why'))}", force=True)

    try:
        with ThreadPoolExecutor(max_workers=idle.qsize() or 1) as pool:
            for done in [pool.submit(triage_one, index, bug) for index, bug in enumerate(bugs, 1)]:
                done.result()
    finally:
        while not idle.empty():
            idle.get().close()
        progress.done()
    ordered = [rows[k] for k in sorted(rows)]
    mark_duplicates(ordered)
    executor = clean_executor(options.timeout, log)
    try:
        merge_across_targets(ordered, bugs_dir, executor)
    finally:
        executor.close()
    if memory is not None:
        memory.remember(ordered, bugs_dir, str(Path(out).resolve()), tvm_version())
    write_text(bugs_dir / "summary.md", summary_markdown(ordered))
    return ordered


def _quiet(message: str, force: bool = False) -> None:
    """The progress of one bug among several at once: not shown."""


def _bisect_unblamed(findings: list[Finding], executor: Executor, progress: ProgressLine) -> None:
    """Crashes at run that the fuzzer did not bisect (--no-confirm, or still pending): bisect them
    here, before grouping, so that crashes after different passes are different bugs. The guilty
    pass goes into the finding's meta in memory only; the campaign folder stays the fuzzer's."""
    for finding in findings:
        meta = finding.meta
        if not is_run_crash(finding.kind, meta.get("stage")) or meta.get("guilty_pass"):
            continue
        progress(f"bisecting the passes of {finding.path.name}", force=True)
        case = finding.case
        seen = run_case(executor, case.script, case.passes, finding.checks, finding.rng, finding.target)
        if crashed_at_run(seen.result, meta.get("signal")):
            meta["guilty_pass"] = bisect_run_crash(executor, case.script, case.passes, finding.checks, finding.rng,
                                                   meta.get("signal"), finding.target)


def _safe_size(script: str) -> int:
    try:
        return ir_nodes(script)
    except Exception:  # noqa: BLE001 - an unparsable example ranks last, it is still a finding
        return 1 << 30


def _not_reproduced(bug: Bug, example: Finding, why: str) -> dict[str, Any]:
    """The row of a bug listed apart, with why: no repro.py for what does not fail on its own."""
    meta = example.meta
    return {"id": bug.id, "kind": bug.kind, "stage": meta.get("stage"), "guilty": meta.get("pass"),
            "hits": bug.hits, "status": Verdict.NOT_REPRODUCED, "message": meta.get("message"),
            "signature": bug.signature, "why": why, "examples": [str(f.path) for f in bug.findings],
            "example": str(example.path)}


def _slow_crash(bug: Bug, example: Finding, observed: list[Observation]) -> Bug | None:
    """A hang whose every clean re-run crashes, given the patience a hang's re-run has (c43's
    hangs/id_000124: Tensorize's ToJSONGraph segfaults after a minute), as that crash: one bug of
    this example, which its crash's signature names."""
    if bug.kind != FindingKind.HANG or not observed or any(run.kind != FindingKind.CRASH for run in observed):
        return None
    result = observed[-1].result
    stage, pass_name = result.where
    meta = {**example.meta, "kind": FindingKind.CRASH.value, "stage": stage, "pass": pass_name,
            "message": result.outcome.message, "error": result.outcome.error, "signal": result.signal,
            "hang_in_campaign": example.meta.get("message")}
    crash = Finding(example.path, example.case, meta, result.log_tail)
    return Bug(crash.signature, [crash], bug.hits, bug.first_seen, bug.last_seen)


def _triage_bug(bug: Bug, bugs_dir: Path, executor: Executor, options: TriageOptions,
                progress: Callable[..., None], clock: PhaseClock) -> dict[str, Any]:
    # The smallest example first; when it does not fail on its own (a fix since, a flaky
    # example), the next ones may still show the bug.
    tried = []
    for example in bug.by_size()[:EXAMPLES_TO_CONFIRM]:
        progress(f"confirming {example.path.name} ({options.repeats} runs)", force=True)
        with clock.phase("confirm"):
            status, observed = confirm(executor, example.case.script, example.case.passes, example.checks,
                                       example.rng, bug.kind, options.repeats, signature=example.run_signature,
                                       target=example.target)
        if status != Verdict.NOT_REPRODUCED:
            break
        crash = _slow_crash(bug, example, observed)
        if crash is not None:
            progress(f"{example.path.name} crashes every time given longer: triaged as that crash", force=True)
            return _triage_bug(crash, bugs_dir, executor, options, progress, clock)
        seen = ", ".join(str(run.kind) if run.kind else "no finding" for run in observed)
        tried.append(f"{len(observed)} clean re-run(s) of {example.path} showed: {seen}")
    case, meta, observation, sizes = example.case, dict(example.meta), None, "not reduced"
    if status == Verdict.NOT_REPRODUCED:
        # No repro.py for what does not fail on its own: the summary lists it apart, with why.
        return _not_reproduced(bug, example, "; ".join(tried))
    if options.reduce:
        try:
            with clock.phase("reduce"):
                reduced = reduce_finding(example, executor, options.seconds_per_bug, say=progress)
        except NotReproducible:
            reduced = None
        except Exception as error:  # noqa: BLE001 - one case's reduction must not end the triage
            progress(f"reduction failed ({first_line(error)}); reporting the case as found", force=True)
            reduced = None
        if reduced is not None:
            progress("confirming the reduced case", force=True)
            small = reduced.reduction.reduced
            with clock.phase("confirm"):
                verdict, _ = confirm(executor, small.script, small.passes, example.checks, example.rng, bug.kind,
                                     REDUCED_REPEATS, signature=example.run_signature, target=example.target)
            # A reduced case that does not reproduce on its own is no repro: report the original.
            if verdict != Verdict.NOT_REPRODUCED:
                case, meta, observation = reduced.reduction.reduced, reduced.meta, reduced.observation
                meta["confirmed"] = verdict
                r = reduced.reduction
                sizes = f"{r.before.nodes}→{r.after.nodes} nodes, {r.before.passes}→{r.after.passes} passes"
    meta.setdefault("guilty_pass", guilty_pass(case.passes, meta.get("stage"), meta.get("pass")))
    with clock.phase("diagnose"):
        found, culprit = _diagnose(bug, case, example, executor, meta.get("pass"))
        if bug.kind == FindingKind.CRASH:
            culprit = constraint_scope_culprit(observation.result.log_tail if observation else example.log) or culprit
        origin, culprit, root = diagnosis(bug.kind, bug.signature, meta.get("pass"), meta.get("message"), found,
                                          culprit)
        root = root or _root_signature(bug, case, example, executor)
    case = _as_compiled(case, example.target)
    row = {"id": bug.id, "kind": bug.kind, "target": example.target, "stage": meta.get("stage"),
           "guilty": meta["guilty_pass"], **({"origin": origin} if origin else {}),
           "culprit": named_culprit(meta["guilty_pass"], culprit, meta.get("pass")),
           **({"culprit_found": culprit} if culprit else {}),
           "contract": meta.get("contract", "inside"),
           "hits": bug.hits, "status": status, "sizes": sizes, "message": meta.get("message"),
           "signature": bug.signature, "root": root, "first_seen": bug.first_seen, "last_seen": bug.last_seen,
           "examples": [str(f.path) for f in bug.findings], "example": str(example.path)}
    with clock.phase("repro"):
        _write_bug(bugs_dir / bug.id, bug, case, meta, row, observation)
    return row


# Kinds whose failure shows before any build runs: the same failure on the host is the same bug.
_HOST_COMPARABLE = (FindingKind.EXCEPTION, FindingKind.CRASH, FindingKind.ILL_FORMED)


# Kinds whose culprit a run of the reduced case can find (tzer.oracles.culprit), and those whose IR
# an earlier pass may have left broken (tzer.oracles.origin).
_CULPRIT_KINDS = (FindingKind.EXCEPTION, FindingKind.ILL_FORMED, FindingKind.INCONSISTENCY)
_ORIGIN_KINDS = (FindingKind.EXCEPTION, FindingKind.ILL_FORMED)


def _diagnose(bug: Bug, case: Case, example: Finding, executor: Executor,
              failing: str | None) -> tuple[list[str] | None, dict[str, Any] | None]:
    """From one run of the reduced case: `[pass, problem]`, the pass that first left its IR broken
    (the failing one or an earlier one), and the culprit the worker found. A crash takes its
    worker's answer with it."""
    if bug.kind == FindingKind.CRASH:
        return None, _crash_producer(case, example, executor, failing)
    if bug.kind not in _CULPRIT_KINDS:
        return None, None
    checks = {**example.checks, CULPRIT_CHECK: True, **({ORIGIN_CHECK: True} if bug.kind in _ORIGIN_KINDS else {})}
    seen = run_case(executor, case.script, case.passes, checks, example.rng, example.target)
    if seen.kind != bug.kind:
        return None, None
    details = seen.result.outcome.details
    found = details.get(ORIGIN_CHECK)
    return ([str(found[0]), str(found[1])] if found else None), details.get(CULPRIT_CHECK)


def _crash_producer(case: Case, example: Finding, executor: Executor, failing: str | None) -> dict[str, Any] | None:
    """The culprit of a crash inside a pass of the sequence or of the build: the pass that made the
    IR it crashes on."""
    labels = [spec_label(spec) for spec in case.passes]
    stage = example.meta.get("stage")
    if not failing or not (stage == Stage.PASS and failing in labels or stage == Stage.COMPILE):
        return None
    serializer = serializer_crash(example.signature)
    if serializer is not None:
        return serializer
    if stage == Stage.PASS:
        named: dict[str, Any] | None = scheduler_primitive_crash(example.signature, failing)
    else:
        scalable = scalable_vectors_culprit(case.script, labels, example.log, example.target)
        named = scalable.to_dict() if scalable is not None else None
    if named is not None:
        return named
    index = labels.index(failing) if stage == Stage.PASS else None
    found = crash_producer(executor, case.script, case.passes, index, example.checks, example.rng,
                           example.run_signature, example.target)
    if found is None:
        return None
    prefix, clean_before = found
    component = "codegen" if failing.startswith("codegen") else "pass"
    failing = failing.split(" (after ", 1)[0]
    if prefix == 0:
        return {"component": component, "label": failing, "made_by": None,
                "how": "it crashes alike on the function as written, before any other pass"}
    made_by = labels[prefix - 1]
    if not clean_before:
        return {"component": component, "label": failing, "made_by": None,
                "how": f"it crashes alike after the passes up to {made_by}; after those before it, it fails "
                       f"otherwise: no pass is shown to make it crash"}
    return {"component": component, "label": failing, "made_by": made_by,
            "how": f"run after the passes up to {made_by} it crashes alike, after those before it not: "
                   f"{made_by} made the IR it crashes on"}


def _root_signature(bug: Bug, case: Case, example: Finding, executor: Executor) -> str:
    """What names the defect behind a bug no culprit or broken IR names. An internal check
    (`Check failed: ...`) is one line
    of TVM's source: failing under another pass, stage or target, it is the same failure point.
    Else the bug's signature, without its target where the reduced case fails the same way for
    the host: a pass or an LLVM code path that every target shares fails alike on nvptx, rocm and
    llvm, and is one bug, whichever target the fuzzer met it on first."""
    masked = message_of(bug.signature)
    if masked.startswith("Check failed:"):
        return f"{bug.kind}|{masked}"
    if example.target == HOST or bug.kind not in _HOST_COMPARABLE:
        return crash_site(bug.signature)
    host = run_case(executor, case.script, case.passes, example.checks, example.rng, HOST)
    if host.signature is not None and without_target(host.signature) == without_target(bug.signature):
        return crash_site(without_target(bug.signature))
    return crash_site(bug.signature)


def mark_duplicates(rows: list[dict[str, Any]]) -> None:
    """Rows whose root signature an earlier row (more hits first) has get `duplicate_of` its id."""
    first: dict[str, str] = {}
    for row in sorted(rows, key=lambda r: (-int(r["hits"]), r["id"])):
        root = row.get("root")
        if not root or row["status"] == Verdict.NOT_REPRODUCED:
            continue
        if root in first:
            row["duplicate_of"] = first[root]
        else:
            first[root] = row["id"]


def merge_across_targets(rows: list[dict[str, Any]], bugs_dir: Path, executor: Executor) -> None:
    """A bug met on two devices, failing alike on each, is one defect where their reduced cases
    cross over: one's case, run for the other's target, fails with the other's signature (code
    both targets share, such as CodeGenLLVM under nvptx and rocm). The other gets `duplicate_of`.
    A bug whose IR an earlier pass broke is that pass's defect (see `_root_signature`), however its
    message reads on another target: it takes no part. Nor does an intrinsic a target's rule table
    leaves unlowered (tzer.oracles.culprit): each target's rule table is its own fix."""
    first: dict[tuple[str, str], dict[str, Any]] = {}
    for row in sorted(rows, key=lambda r: (-int(r["hits"]), r["id"])):
        if row.get("duplicate_of") or row["status"] == Verdict.NOT_REPRODUCED or row["target"] == HOST \
                or row.get("origin") or row.get("subject") == ANALYSIS or _missing_lowering_rule(row):
            continue
        key = (row["kind"], message_of(row["signature"]))
        earlier = first.setdefault(key, row)
        if earlier is row or earlier["target"] == row["target"]:
            continue
        try:
            finding = load_finding(bugs_dir / row["id"] / "reduced")
        except FindingError:
            continue
        case = finding.case
        seen = run_case(executor, case.script, case.passes, finding.checks, finding.rng, earlier["target"])
        if seen.signature == earlier["signature"]:
            row["duplicate_of"] = earlier["id"]


def _missing_lowering_rule(row: dict[str, Any]) -> bool:
    return str((row.get("culprit_found") or {}).get("site") or "").startswith(f"{LOWER_INTRIN}|")


def _as_compiled(case: Case, target: str) -> Case:
    """The case as its target compiles it: a GPU kernel's loops bound to threads, as the harness
    binds them, so that repro.py and reduced/ show the function that fails."""
    info = targets.get(target)
    if not info.gpu:
        return case
    func = from_script(case.script)
    return Case(to_script(info.prepare(func, autoschedule.binds_threads(func, case.passes))), case.passes)


def _write_bug(path: Path, bug: Bug, case: Case, meta: dict[str, Any], row: dict[str, Any],
               observation: Observation | None) -> None:
    """Write the bug folder in one rename, replacing an earlier one."""
    repro = repro_script(case, meta, tvm_version())
    output = ""
    # Run the repro as a user would, to check that it fails and to quote what it prints. A
    # hang's repro waits a minute for its watchdog; the observation says enough there.
    if bug.kind != FindingKind.HANG:
        with tempfile.TemporaryDirectory(prefix="tzer-repro-") as scratch:
            (Path(scratch) / "repro.py").write_text(repro, encoding="utf-8")
            code, output = run_repro(Path(scratch) / "repro.py", REPRO_SECONDS)
        row["repro_exit"] = code
        if code == 0:
            # What a user runs shows nothing: no bug to report, though the folder stays to read.
            row["status"] = Verdict.NOT_REPRODUCED
            row["why"] = f"its repro.py exits 0 on its own ({bug.id}/repro.py)"
    report = BugReport(
        bug_id=bug.id, kind=bug.kind, stage=meta.get("stage"), pass_label=meta.get("pass"),
        message=str(meta.get("message") or ""), error=str(meta.get("error") or ""),
        signal=meta.get("signal"), guilty=meta["guilty_pass"], status=row["status"], hits=bug.hits,
        first_seen=bug.first_seen, last_seen=bug.last_seen, sizes=row["sizes"],
        log=observation.result.log_tail if observation else bug.smallest.log, repro_output=output,
        contract=str(meta.get("contract", "inside")), target=str(meta.get("target") or HOST),
        oracle=str(meta.get("oracle") or ""), origin=row.get("origin"), no_op_passes=meta.get("no_op_passes"),
        campaign_start=campaign_start(path.parent.parent), culprit=str(row.get("culprit") or ""),
        culprit_found=row.get("culprit_found"))
    reduced = {f"reduced/{name}": text for name, text in TestCase(case.script, case.passes, meta).files().items()}
    write_folder(path, {"repro.py": repro, "report.md": report_markdown(report, repro), "meta.json": json_text(row),
                        **reduced}, replace=True)
