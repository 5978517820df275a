"""Counters of a campaign and their two files: `fuzzer_stats` (latest) and `plot_data` (history).

STATS_KEYS documents every `fuzzer_stats` key once (as AFL++ does); the README's table is
checked against it by a test, and the writer refuses a key that is not in it.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from tzer.campaign.files import append_line, write_text
from tzer.targets import HOST
from tzer.vocabulary import ExecResult, FindingKind, Stage, Status

PASS_EFFECTS = ("changed", "unchanged", "failed", "rejected")
TARGET_EFFECTS = ("tests", "compiled", "rejected", "findings", "new_blocks", "runs", "agreed", "inconsistencies")
ROUND_EFFECTS = ("tests", "new_blocks")
# What each analysis's tests came to (tzer/arith): statuses of the worker, then the parent's counts.
ANALYSIS_EFFECTS = ("tests", "ok", "rejected", "invalid", "unjudged", "unsound", "exception", "findings", "kept",
                    "new_blocks")
TARGET_PRIOR_TESTS = 20
# Counters fields that hold a Counter per name
_PER_NAME = ("pass_effects", "target_effects", "round_effects", "analysis_effects")
PLOT_DIRS_COLUMNS = ("relative_time", "directory", "covered", "blocks")
PLOT_COLUMNS = ("relative_time", "execs", "execs_per_sec", "coverage", "corpus", "valid_rate", "findings",
                "signatures", "analysis_execs")

# key -> meaning. `<kind>` is a finding kind, `<name>` a mutator name. Times are Unix seconds.
STATS_KEYS: dict[str, str] = {
    "start_time": "when the campaign first started",
    "last_update": "when this file was written",
    "run_time": "seconds fuzzed, over every session of the campaign",
    "fuzzer_pid": "process id of the fuzzer",
    "status": "`running` or `finished`",
    "execs_done": "TIR tests run (mutants and seeds; no-mutation rounds excluded)",
    "execs_per_sec": "TIR tests per second in this session",
    "analysis_execs": "analysis tests run (tzer/arith: one call of an arithmetic analysis each)",
    "analysis_execs_per_sec": "analysis tests per second in this session",
    "analysis_corpus": "analysis test cases in the pool (their queue/ entries hold case.json)",
    "analysis_share": "the share of the workers' time analysis tests took (--analysis-share asks for it)",
    "analysis_<name>": "tests of one analysis: tests, ok, rejected (the analysis could not tell), invalid (undefined "
                       "at a point of the domain, or asking a question the types cannot answer there, such as a "
                       "region whose last index overflows: never judged), unjudged (an answer the judge cannot "
                       "evaluate), unsound, exception, findings saved, kept for new coverage, new blocks",
    "corpus_count": "entries in the pool (queue/)",
    "coverage_backend": "breakpoint, breakpoint-func, sancov or none",
    "coverage_total": "blocks (or edges) the backend can see",
    "coverage_covered": "of those, reached by the campaign (inside the scope)",
    "coverage_scope": "the code under test whose blocks count (--coverage-scope; `all` where the backend has no atlas)",
    "coverage_scope_total": "blocks inside the scope",
    "dir_<directory>": "covered/blocks of one directory of the scope (memcov.atlas, 3 levels deep; `src/sym/?`-like "
                       "names are TVM code whose directory is known, its file not)",
    "valuable_tests": "tests kept for reaching new coverage",
    "valid_mutants": "tests whose function passed the well-formedness check",
    "invalid_mutants": "tests whose function did not",
    "valid_rate": "valid_mutants / (valid_mutants + invalid_mutants)",
    "findings": "finding folders saved, all kinds",
    "findings_<kind>": "finding folders saved of one kind",
    "signatures": "distinct finding signatures seen",
    "suppressed_findings": "hits of signatures listed in --known (counted, not saved)",
    "last_find": "when the last finding was saved",
    "pass_seq_valid_rate": "share of tests whose pass sequence applied without an error",
    "pass_mutations": "tests of a mutated pass sequence",
    "pass_mutations_kept": "of those, kept: (F, P', T) joined the queue beside its seed",
    "rejected_by_tvm": "tests a pass declined as unsupported input (not findings)",
    "no_mutation": "rounds whose mutator found nothing to change",
    "mutator_errors": "rounds whose mutator raised (a bug in tzer)",
    "internal_errors": "tests the worker could not run (a bug in tzer; saved in internal_errors/)",
    "bad_seeds": "initial seeds that did not parse",
    "discarded_comparisons": "differential tests not judged (NaN/Inf or a nondeterministic build)",
    "ub_rejected": "tests whose function has undefined behaviour by the reference interpreter: invalid, never findings",
    "ub_<kind>": "of those, by kind (out_of_bounds, uninitialized_read, division_by_zero, signed_overflow, ...)",
    "worker_restarts": "workers started again after a crash, hang or memory blow-up",
    "lost_tests": "tests whose Ray actor or node died under them (counted, never judged)",
    "worker_execs": "tests run by each worker, as `index:count` pairs",
    "recalibrations": "corpus entries re-run unchanged to learn flaky blocks",
    "favoured": "queue entries that are the cheapest test (duration x length) of some block; the others are "
                "retired from selection (tzer/engine/favoured.py)",
    "favoured_blocks": "blocks the favoured entries reach between them: every block of every queue entry",
    "picks": "seeds the pool picked for a batch of mutations",
    "picks_favoured": "of those, picks of favoured entries",
    "stored_mb": "MiB the queue entries and findings take on disk, which --max-disk-mb bounds",
    "pruned": "retired queue entries deleted to keep within --max-disk-mb, oldest first",
    "max_disk_mb": "the bound on stored_mb (`--max-disk-mb`; 0: none)",
    "sync_imported": "entries of the campaigns beside this one run here (`--sync`)",
    "sync_kept": "of those, kept: they reached code this campaign had not",
    "sync_skipped": "favoured entries of the campaigns beside not run: every block they brought there is covered here",
    "confirmations_pending": "findings waiting for their clean re-run",
    "pass_noop_share": "share of pass applications that left the IR unchanged",
    "pass_<pass>": "applications of one pass: changed, unchanged, failed, rejected",
    "contract_outside": "tests whose pass sequence lacks a pass's prerequisites on purpose (out of contract)",
    "targets": "the targets this campaign compiles for",
    "target_mutations": "tests of a seed under a new target",
    "target_mutations_kept": "of those, kept: (F, P, T') joined the queue beside its seed",
    "target_<target>": "tests of one target: tests, compiled, rejected, findings, new blocks, tests whose builds "
                       "ran (here, under qemu-user, on a GPU), of those whose results agreed, inconsistencies",
    "runner_errors": "tests whose builds tzer could not run (a toolchain, link or emulator failure): never findings",
    "time_<phase>": "seconds the workers spent in one phase of their tests, and its share of all: dispatch (the "
                    "request reaching the worker), parse, mutate (and print), verify, passes, compile (TVM's "
                    "pipeline), codegen, compile_opt0 (the opt_level=0 build), interpreter (the reference), run, "
                    "compare, done (the result reaching the parent)",
    "round_<kind>": "tests of one kind of round (seed: an initial seed as it is; ir, passes, target: what was "
                    "mutated; havoc: the function, with a fresh pass sequence and target): tests, new blocks",
    "mutator_<name>_tried": "tests of this mutator's mutants",
    "mutator_<name>_valid": "of those, well-formed",
    "mutator_<name>_kept": "of those, kept for new coverage",
    "ignored_blocks": "blocks excluded as nondeterministic: they never count as new coverage",
    "corpus_load_ms": "time to read the initial seeds, or on `--resume` to restore the pool and the coverage",
    "workers": "worker processes (on every node)",
    "nodes": "machines the workers run on (1 without Ray)",
    "worker_pids": "process id of each worker (of each Ray actor, on its node)",
    "n_max": "IR mutations without new coverage before the pass sequence is mutated",
    "mutators": "`all` or `general`",
    "pass_mutation": "`evolutionary`, `random` or `none`",
    "feedback": "1 when coverage decides what is kept",
    "tvm_version": "the apache-tvm version under test",
    "command_line": "the command that started this session",
}


def stats_key_pattern(key: str) -> str:
    """The STATS_KEYS entry a concrete key falls under (`findings_crash` -> `findings_<kind>`)."""
    if key in STATS_KEYS:
        return key
    for pattern in STATS_KEYS:
        if "<" in pattern and re.fullmatch(re.sub(r"<\w+>", r"[\\w./?-]+", pattern), key):
            return pattern
    raise KeyError(f"fuzzer_stats key {key!r} is not documented in STATS_KEYS")


@dataclass
class Counters:
    """Everything counted over a campaign; saved in state.json so --resume continues the counts."""

    execs: int = 0
    valid: int = 0
    invalid: int = 0
    rejected: int = 0
    no_mutation: int = 0
    mutator_errors: int = 0
    internal_errors: int = 0
    runner_errors: int = 0
    bad_seeds: int = 0
    valuable: int = 0
    pass_seq_tried: int = 0
    pass_seq_applied: int = 0
    pass_mutations: int = 0
    pass_mutations_kept: int = 0
    contract_outside: int = 0
    worker_restarts: int = 0
    recalibrations: int = 0
    picks: int = 0
    picks_favoured: int = 0
    stored_bytes: int = 0
    pruned: int = 0
    sync_imported: int = 0
    sync_kept: int = 0
    sync_skipped: int = 0
    discarded_comparisons: int = 0
    lost_tests: int = 0
    suppressed: int = 0
    elapsed_before: float = 0.0
    last_find: float = 0.0
    findings: Counter[str] = field(default_factory=Counter)
    mutator_tried: Counter[str] = field(default_factory=Counter)
    mutator_valid: Counter[str] = field(default_factory=Counter)
    mutator_kept: Counter[str] = field(default_factory=Counter)
    worker_execs: Counter[str] = field(default_factory=Counter)
    undefined_behaviour: Counter[str] = field(default_factory=Counter)  # UB kind -> tests rejected
    phase_seconds: Counter[str] = field(default_factory=Counter)  # phase of a test -> seconds, over all tests
    target_mutations: int = 0
    target_mutations_kept: int = 0
    # pass name -> its effects: "changed", "unchanged", "failed", "rejected" -> count
    pass_effects: dict[str, Counter[str]] = field(default_factory=dict)
    # target name -> TARGET_EFFECTS -> count
    target_effects: dict[str, Counter[str]] = field(default_factory=dict)
    # kind of round -> ROUND_EFFECTS -> count
    round_effects: dict[str, Counter[str]] = field(default_factory=dict)
    analysis_execs: int = 0
    # analysis name -> ANALYSIS_EFFECTS -> count
    analysis_effects: dict[str, Counter[str]] = field(default_factory=dict)
    # Seconds the workers spent on each subject (tir, analysis), which --analysis-share divides.
    subject_seconds: Counter[str] = field(default_factory=Counter)

    def to_dict(self) -> dict[str, Any]:
        # Not dataclasses.asdict: it rebuilds a Counter from (key, value) pairs, keyed by tuples.
        data = {f.name: dict(v) if isinstance(v := getattr(self, f.name), Counter) else v for f in fields(self)}
        for key in _PER_NAME:
            data[key] = {name: dict(effects) for name, effects in getattr(self, key).items()}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Counters:
        counters = cls()
        for key, value in data.items():
            if key in _PER_NAME:
                setattr(counters, key, {name: Counter(effects) for name, effects in value.items()})
            elif hasattr(counters, key):
                setattr(counters, key, Counter(value) if isinstance(getattr(counters, key), Counter) else value)
        return counters

    def saved_finding(self, kind: FindingKind, target: str | None) -> None:
        """Count a saved finding; `target` None for an analysis test, which has none."""
        self.findings[kind.value] += 1
        if target is not None:
            self.target_effects.setdefault(target, Counter())["findings"] += 1

    def pass_weights(self) -> dict[str, float]:
        """How much to favour each pass when one is drawn: its share of applications that changed the
        IR (as OATest's "pass triggered"), smoothed so that an untried pass keeps a fair chance."""
        return {name: (effects["changed"] + 1) / (effects["changed"] + effects["unchanged"] + 2)
                for name, effects in self.pass_effects.items()}

    def target_weights(self, names: list[str]) -> list[float]:
        """How much to favour each of `names` when a target is drawn: the new blocks its tests found
        per test, smoothed as if each target had TARGET_PRIOR_TESTS more tests at the campaign's
        mean, so that an untried target starts at the mean and a spent one keeps a chance."""
        tests = sum(effects["tests"] for effects in self.target_effects.values())
        found = sum(effects["new_blocks"] for effects in self.target_effects.values())
        mean = max(found / tests, 1.0) if tests else 1.0
        empty: Counter[str] = Counter()
        return [(self.target_effects.get(name, empty)["new_blocks"] + mean * TARGET_PRIOR_TESTS)
                / (self.target_effects.get(name, empty)["tests"] + TARGET_PRIOR_TESTS) for name in names]

    def noop_share(self) -> float:
        """Share of pass applications that left the IR unchanged."""
        changed = sum(effects["changed"] for effects in self.pass_effects.values())
        unchanged = sum(effects["unchanged"] for effects in self.pass_effects.values())
        return unchanged / (changed + unchanged) if changed + unchanged else 0.0

    def valid_rate(self) -> float:
        produced = self.valid + self.invalid
        return self.valid / produced if produced else 0.0

    def record(self, result: ExecResult, request: dict[str, Any], valuable: bool) -> bool:
        """Count one test; False when it was no test at all (no mutation, bad seed, tzer's bug)."""
        status = result.status
        if status in (Status.NO_MUTATION, Status.BAD_SEED):
            self.no_mutation += status == Status.NO_MUTATION
            self.mutator_errors += bool(result.outcome.details.get("mutator_error"))
            return False
        if status == Status.INTERNAL_ERROR:
            self.internal_errors += 1
            return False
        self.execs += 1
        self.worker_execs[str(result.worker)] += 1
        self.phase_seconds.update(result.phase_seconds)
        found = result.new_coverage if valuable else 0
        round_kind = self.round_effects.setdefault(request.get("round", "ir"), Counter())
        round_kind["tests"] += 1
        round_kind["new_blocks"] += found
        target = self.target_effects.setdefault(request.get("target") or HOST, Counter())
        target["tests"] += 1
        target["compiled"] += result.compiled
        target["rejected"] += status == Status.REJECTED
        target["new_blocks"] += found
        run = result.outcome.details.get("run")
        target["runs"] += run in ("agreed", "differ", "failed")
        target["agreed"] += run == "agreed"
        target["inconsistencies"] += status == Status.INCONSISTENCY
        self.runner_errors += run == "runner_error"
        mutator = (request.get("mutation") or {}).get("mutator")
        if mutator:
            self.mutator_tried[mutator] += 1
        if status == Status.INVALID:
            self.invalid += 1
            return True
        self.valid += 1
        self.rejected += status == Status.REJECTED
        if mutator:
            self.mutator_valid[mutator] += 1
        if request["passes"] and result.stage is not None:
            self.pass_seq_tried += 1
            failed_in_pass = status in (Status.EXCEPTION, Status.REJECTED) and result.outcome.stage == Stage.PASS
            self.pass_seq_applied += not failed_in_pass
        if status == Status.UNDEFINED_BEHAVIOUR:
            self.undefined_behaviour[result.outcome.details.get("undefined_behaviour", "unknown")] += 1
        if "discarded" in result.outcome.details:
            self.discarded_comparisons += 1
        for name, effect in result.outcome.details.get("pass_effects", []):
            self.pass_effects.setdefault(name, Counter())[effect] += 1
        self.valuable += valuable
        return True


def parse_fuzzer_stats(text: str) -> dict[str, str]:
    """`key : value` lines (AFL++ pads the key); values may themselves contain colons."""
    stats: dict[str, str] = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep and key.strip():
            stats[key.strip()] = value.strip()
    return stats


class StatsWriter:
    """Rewrites fuzzer_stats atomically and appends one plot_data row per call."""

    def __init__(self, stats_path: Path, plot_path: Path, plot_dirs_path: Path | None = None) -> None:
        self.stats_path = stats_path
        self.plot_path = plot_path
        self.plot_dirs_path = plot_dirs_path = plot_dirs_path or plot_path.with_name("plot_dirs")
        for path, columns in ((plot_path, PLOT_COLUMNS), (plot_dirs_path, PLOT_DIRS_COLUMNS)):
            if not path.exists() or path.stat().st_size == 0:
                append_line(path, ",".join(columns))

    def write(self, values: dict[str, Any]) -> None:
        for key in values:
            stats_key_pattern(key)
        width = max(len(key) for key in values)
        write_text(self.stats_path, "".join(f"{key:<{width}} : {value}\n" for key, value in values.items()))

    def plot_row(self, relative_time: float, execs: int, execs_per_sec: float, coverage: int, corpus: int,
                 valid_rate: float, findings: int, signatures: int, analysis_execs: int) -> None:
        append_line(self.plot_path, f"{relative_time:.1f},{execs},{execs_per_sec:.2f},{coverage},{corpus},"
                                    f"{valid_rate:.4f},{findings},{signatures},{analysis_execs}")

    def plot_dirs_rows(self, relative_time: float, directories: dict[str, tuple[int, int]]) -> None:
        """One plot_dirs row per directory of the scope: how the campaign's coverage of each grows."""
        if directories:
            append_line(self.plot_dirs_path, "\n".join(f"{relative_time:.1f},{name},{covered},{blocks}"
                                                       for name, (covered, blocks) in directories.items()))


def stats_values(counters: Counters, *, start_time: float, run_time: float, execs_per_sec: float,
                 corpus: int, backend: str, coverage_total: int, coverage_covered: int, status: str,
                 tvm_version: str, command_line: str, pid: int, extra: dict[str, Any]) -> dict[str, Any]:
    """The key/value lines of fuzzer_stats, in a stable order."""
    tried = counters.pass_seq_tried
    values: dict[str, Any] = {
        "start_time": int(start_time),
        "last_update": int(time.time()),
        "run_time": int(run_time),
        "fuzzer_pid": pid,
        "status": status,
        "execs_done": counters.execs,
        "execs_per_sec": f"{execs_per_sec:.2f}",
        "corpus_count": corpus,
        "coverage_backend": backend,
        "coverage_total": coverage_total,
        "coverage_covered": coverage_covered,
        "valuable_tests": counters.valuable,
        "valid_mutants": counters.valid,
        "invalid_mutants": counters.invalid,
        "valid_rate": f"{counters.valid_rate():.4f}",
        "findings": sum(counters.findings.values()),
        **{f"findings_{kind.value}": counters.findings.get(kind.value, 0) for kind in FindingKind},
        "last_find": int(counters.last_find),
        "pass_seq_valid_rate": f"{counters.pass_seq_applied / tried:.4f}" if tried else "0",
        "pass_mutations": counters.pass_mutations,
        "pass_mutations_kept": counters.pass_mutations_kept,
        "contract_outside": counters.contract_outside,
        "target_mutations": counters.target_mutations,
        "target_mutations_kept": counters.target_mutations_kept,
        "rejected_by_tvm": counters.rejected,
        "no_mutation": counters.no_mutation,
        "mutator_errors": counters.mutator_errors,
        "internal_errors": counters.internal_errors,
        "runner_errors": counters.runner_errors,
        "bad_seeds": counters.bad_seeds,
        "discarded_comparisons": counters.discarded_comparisons,
        "ub_rejected": sum(counters.undefined_behaviour.values()),
        **{f"ub_{kind}": n for kind, n in sorted(counters.undefined_behaviour.items())},
        "worker_restarts": counters.worker_restarts,
        "lost_tests": counters.lost_tests,
        "suppressed_findings": counters.suppressed,
        "recalibrations": counters.recalibrations,
        "picks": counters.picks,
        "picks_favoured": counters.picks_favoured,
        "stored_mb": f"{counters.stored_bytes / 2**20:.1f}",
        "pruned": counters.pruned,
        "sync_imported": counters.sync_imported,
        "sync_kept": counters.sync_kept,
        "sync_skipped": counters.sync_skipped,
        "worker_execs": " ".join(f"{w}:{n}" for w, n in sorted(counters.worker_execs.items(), key=lambda i: int(i[0]))),
    }
    values["pass_noop_share"] = f"{counters.noop_share():.4f}"
    spent = sum(counters.phase_seconds.values()) or 1.0
    for phase, seconds in sorted(counters.phase_seconds.items(), key=lambda item: -item[1]):
        values[f"time_{phase}"] = f"{seconds:.1f} {seconds / spent:.3f}"
    for name in sorted(counters.pass_effects):
        effects = counters.pass_effects[name]
        values[f"pass_{name}"] = " ".join(str(effects[key]) for key in PASS_EFFECTS)
    for name in sorted(counters.target_effects):
        effects = counters.target_effects[name]
        values[f"target_{name}"] = " ".join(str(effects[key]) for key in TARGET_EFFECTS)
    for name in sorted(counters.round_effects):
        effects = counters.round_effects[name]
        values[f"round_{name}"] = " ".join(str(effects[key]) for key in ROUND_EFFECTS)
    values["analysis_execs"] = counters.analysis_execs
    spent = sum(counters.subject_seconds.values())
    values["analysis_share"] = f"{counters.subject_seconds['analysis'] / spent:.3f}" if spent else "0"
    for name in sorted(counters.analysis_effects):
        effects = counters.analysis_effects[name]
        values[f"analysis_{name}"] = " ".join(str(effects[key]) for key in ANALYSIS_EFFECTS)
    for name in sorted(counters.mutator_tried):
        values[f"mutator_{name}_tried"] = counters.mutator_tried[name]
        values[f"mutator_{name}_valid"] = counters.mutator_valid.get(name, 0)
        values[f"mutator_{name}_kept"] = counters.mutator_kept.get(name, 0)
    values.update(extra)
    values["tvm_version"] = tvm_version
    values["command_line"] = command_line
    return values


def format_duration(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    if days:
        return f"{days}d{hours:02d}h"
    if hours:
        return f"{hours}h{minutes:02d}m"
    if minutes:
        return f"{minutes}m{seconds:02d}s"
    return f"{seconds}s"
