"""Counters of a campaign and their two files: `fuzzer_stats` (latest) and `plot_data` (history)."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from tzer.campaign.files import append_line, write_text
from tzer.campaign.folder import FINDING_FOLDERS

PLOT_COLUMNS = ("relative_time", "execs", "execs_per_sec", "coverage", "corpus", "valid_rate", "findings")


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
    bad_seeds: int = 0
    valuable: int = 0
    pass_seq_tried: int = 0
    pass_seq_applied: int = 0
    pass_mutations: int = 0
    pass_mutations_kept: int = 0
    worker_restarts: int = 0
    recalibrations: int = 0
    discarded_comparisons: int = 0
    elapsed_before: float = 0.0
    last_find: float = 0.0
    findings: Counter[str] = field(default_factory=Counter)
    mutator_tried: Counter[str] = field(default_factory=Counter)
    mutator_valid: Counter[str] = field(default_factory=Counter)
    mutator_kept: Counter[str] = field(default_factory=Counter)

    def to_dict(self) -> dict[str, Any]:
        # Not dataclasses.asdict: it rebuilds a Counter from (key, value) pairs, keyed by tuples.
        return {f.name: dict(v) if isinstance(v := getattr(self, f.name), Counter) else v for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Counters:
        counters = cls()
        for key, value in data.items():
            if hasattr(counters, key):
                setattr(counters, key, Counter(value) if isinstance(getattr(counters, key), Counter) else value)
        return counters

    def valid_rate(self) -> float:
        produced = self.valid + self.invalid
        return self.valid / produced if produced else 0.0


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

    def __init__(self, stats_path: Path, plot_path: Path) -> None:
        self.stats_path = stats_path
        self.plot_path = plot_path
        if not plot_path.exists() or plot_path.stat().st_size == 0:
            append_line(plot_path, ",".join(PLOT_COLUMNS))

    def write(self, values: dict[str, Any]) -> None:
        width = max(len(key) for key in values)
        text = "".join(f"{key:<{width}} : {value}\n" for key, value in values.items())
        write_text(self.stats_path, text)

    def plot_row(self, relative_time: float, execs: int, execs_per_sec: float, coverage: int, corpus: int,
                 valid_rate: float, findings: int) -> None:
        append_line(self.plot_path, f"{relative_time:.1f},{execs},{execs_per_sec:.2f},{coverage},{corpus},"
                                    f"{valid_rate:.4f},{findings}")


def stats_values(counters: Counters, *, start_time: float, run_time: float, execs_per_sec: float,
                 corpus: int, backend: str, coverage_total: int, coverage_covered: int, status: str,
                 tvm_version: str, command_line: str, pid: int, extra: dict[str, Any]) -> dict[str, Any]:
    """The key/value lines of fuzzer_stats, in a stable order."""
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
    }
    for kind in FINDING_FOLDERS:
        values[f"findings_{kind}"] = counters.findings.get(kind, 0)
    tried = counters.pass_seq_tried
    values.update({
        "last_find": int(counters.last_find),
        "pass_seq_valid_rate": f"{counters.pass_seq_applied / tried:.4f}" if tried else "0",
        "pass_mutations": counters.pass_mutations,
        "pass_mutations_kept": counters.pass_mutations_kept,
        "rejected_by_tvm": counters.rejected,
        "no_mutation": counters.no_mutation,
        "mutator_errors": counters.mutator_errors,
        "internal_errors": counters.internal_errors,
        "bad_seeds": counters.bad_seeds,
        "discarded_comparisons": counters.discarded_comparisons,
        "worker_restarts": counters.worker_restarts,
        "recalibrations": counters.recalibrations,
    })
    for name in sorted(counters.mutator_tried):
        values[f"mutator_{name}_tried"] = counters.mutator_tried[name]
        values[f"mutator_{name}_valid"] = counters.mutator_valid.get(name, 0)
        values[f"mutator_{name}_kept"] = counters.mutator_kept.get(name, 0)
    values.update(extra)
    values["tvm_version"] = tvm_version
    values["command_line"] = command_line
    return values
