"""Campaign options and the parsing of budgets such as "90s", "10m", "4h" or "1h30m"."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_DURATION = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h|d)?")
_SECONDS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, None: 1.0}

MUTATOR_SETS = ("general", "all")
PASS_MUTATION_MODES = ("none", "random", "evolutionary")


def parse_duration(text: str) -> float:
    """Seconds in a budget like "90s", "10m", "4h", "1h30m" or a bare number of seconds."""
    text = text.strip().lower()
    pos, total = 0, 0.0
    for match in _DURATION.finditer(text):
        if match.start() != pos:
            break
        total += float(match.group(1)) * _SECONDS[match.group(2)]
        pos = match.end()
    if not text or pos != len(text):
        raise ValueError(f"malformed duration {text!r}: use e.g. 90s, 10m, 4h or 1h30m")
    return total


@dataclass
class FuzzOptions:
    """Everything `tzer fuzz` needs to run or resume one campaign."""

    out: Path
    resume: bool = False
    time_budget: float | None = None
    exec_budget: int | None = None
    seed: int = 0
    seeds: str | None = None
    mutators: str = "all"
    pass_mutation: str = "evolutionary"
    feedback: bool = True
    n_max: int = 4
    coverage: str = "breakpoint"
    tvm_library_path: str | None = None
    timeout: float = 10.0
    rss_limit_mb: int = 4096
    jobs: int = 1
    diff_rate: float = 0.25
    perf_rate: float = 0.02
    idempotence_rate: float = 0.05
    roundtrip_rate: float = 0.05
    calibrate: bool = True
    confirm: bool = True
    triage: bool = False
    progress: bool = True
    command_line: list[str] = field(default_factory=list)
