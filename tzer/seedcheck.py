"""`tzer seeds check`: every seed of a folder run through the fuzzer's own workers.

Each seed is parsed, verified, interpreted by the reference interpreter (undefined behaviour is a
failure), built, and run against its opt_level=0 build and the interpreter's result, in a clean worker
(no coverage), exactly as the fuzzer would run it; a seed that crashes or hangs its worker gets
that status and the next seed runs in a fresh one. Statuses are the fuzzer's (tzer.vocabulary).
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

import seeds
from tirkit.script import is_tile_program
from tzer.execution.confirm import clean_worker, replay_request, script_key
from tzer.execution.executor import Executor
from tzer.passes.mutation import repair
from tzer.vocabulary import Status

SEED_TIMEOUT = 60.0
CHECKS = {"differential": True, "roundtrip": True, "reference": True}
UNJUDGED = "ok_without_reference"
TILE_PROGRAM_TARGET = "cuda"


@dataclass(frozen=True)
class CheckRow:
    name: str
    status: str  # a Status value, with the stage where the seed failed: "exception@compile"
    first_error_line: str = ""


@dataclass(frozen=True)
class CheckReport:
    rows: list[CheckRow]

    def counts(self) -> dict[str, int]:
        return dict(sorted(Counter(row.status for row in self.rows).items()))

    def failures(self) -> list[CheckRow]:
        return [row for row in self.rows if not row.status.startswith(Status.OK.value)]

    def unjudged(self) -> list[CheckRow]:
        """Seeds the reference interpreter could not run (the construct is named)."""
        return [row for row in self.rows if row.status == UNJUDGED]

    def table(self) -> str:
        lines = [f"{len(self.rows)} seeds"]
        lines += [f"  {status:<20} {count}" for status, count in self.counts().items()]
        for title, rows in (("failures:", self.failures()), ("not run by the reference interpreter:", self.unjudged())):
            if rows:
                width = max(len(row.name) for row in rows)
                lines.append(title)
                lines += [f"  {row.name:<{width}}  {row.status:<18}  {row.first_error_line}" for row in rows]
        return "\n".join(lines)


def check_seeds(folder: Path | None = None, progress: bool | None = None,
                timeout: float = SEED_TIMEOUT) -> CheckReport:
    """Check every seed of `folder` (default: the shipped corpus); broken seeds become rows.

    Raises seeds.SeedError for a missing or empty folder. The progress bar shows on a terminal only.
    """
    paths = seeds.seed_paths(folder)
    show = sys.stderr.isatty() if progress is None else progress
    with clean_worker(timeout, "tzer-seeds-") as executor:
        bar = tqdm(paths, desc="checking seeds", disable=not show, file=sys.stderr)
        return CheckReport([_check(executor, path) for path in bar])


def _check(executor: Executor, path: Path) -> CheckRow:
    script = path.read_text(encoding="utf-8")
    if is_tile_program(script):
        # As the fuzzer first runs a tile program: lowered by LowerTIRx for the one target whose
        # scope ids it resolves. A function TVM's test expects LowerTIRx to refuse fails here.
        request = replay_request(script_key(script), repair([], block_form=False, tile_program=True), CHECKS, 0,
                                 TILE_PROGRAM_TARGET)
    else:
        request = replay_request(script_key(script), [], CHECKS, 0)
    result = executor.run(request, script)
    outcome = result.outcome
    if result.status == Status.OK:
        if outcome.details.get("input_roundtrips") is False:
            return CheckRow(path.stem, "roundtrip_mismatch", "printing and re-parsing gives a different function")
        if "reference" in outcome.details:  # the interpreter could not run it; the builds agreed
            return CheckRow(path.stem, UNJUDGED, outcome.details["reference"])
        return CheckRow(path.stem, Status.OK.value)
    stage, _ = result.where
    label = result.status.value if stage is None or result.status == Status.BAD_SEED else f"{result.status}@{stage}"
    return CheckRow(path.stem, label, outcome.message or "")
