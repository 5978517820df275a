"""Shared driver of the study scripts (ablation.py, nmax_sensitivity.py, seeds_vs_noseeds.py).

Every campaign goes through the public CLI, `tzer fuzz -o OUT/<config>/rep<i> --time B --seed i
<flags>`, so a study measures exactly what a user would run. The results are a markdown table
(OUT/report.md) and figures drawn with tzer.analysis.plot.
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tzer.analysis.campaign import CampaignError, load_campaign, read_plot_data
from tzer.analysis.plot import plot
from tzer.analysis.status import format_duration
from tzer.argtypes import parse_duration

DEFAULT_BUDGET = "5m"
FULL_BUDGET = "4h"  # the paper's protocol


@dataclass(frozen=True)
class Config:
    name: str
    flags: tuple[str, ...]


@dataclass(frozen=True)
class Run:
    config: Config
    rep: int
    out: Path

    def command(self, tzer: list[str], budget: str) -> list[str]:
        return [*tzer, "fuzz", "-o", str(self.out), "--time", budget, "--seed", str(self.rep),
                *self.config.flags]


def default_tzer() -> str:
    """The tzer console script of this interpreter's environment, else whatever is on PATH."""
    beside = Path(sys.executable).with_name("tzer")
    return str(beside) if beside.exists() else "tzer"


def make_parser(description: str, study: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--budget", default=DEFAULT_BUDGET,
                        help=f"time budget per campaign, e.g. 90s, 10m, 4h (default {DEFAULT_BUDGET})")
    budget.add_argument("--full", action="store_const", const=FULL_BUDGET, dest="budget",
                        help=f"the paper's protocol: {FULL_BUDGET} per campaign")
    parser.add_argument("--reps", type=int, default=1, help="repetitions per configuration (default 1)")
    parser.add_argument("--out", type=Path,
                        help=f"study folder (default out-{study}-<budget>, so budgets never mix)")
    parser.add_argument("--tzer", default=default_tzer(), help="the tzer command (default: %(default)s)")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--dry-run", action="store_true", help="print the commands, run nothing")
    action.add_argument("--report-only", action="store_true",
                        help="run nothing; write the table and figures from the existing campaigns")
    parser.set_defaults(study=study)
    return parser


def plan(configs: list[Config], reps: int, out: Path) -> list[Run]:
    # Repetition-major order: an interrupted study still has every configuration's first runs.
    return [Run(config, rep, out / config.name / f"rep{rep}") for rep in range(reps) for config in configs]


def finished(out: Path) -> bool:
    try:
        return load_campaign(out).stats.get("status") == "finished"
    except CampaignError:
        return False


def execute(runs: list[Run], tzer: list[str], budget: str, dry_run: bool) -> int:
    """Run (or print) each campaign not already finished; returns how many failed."""
    failures = 0
    for index, run in enumerate(runs, 1):
        command = run.command(tzer, budget)
        if finished(run.out):
            print(f"# skip, already finished: {shlex.join(command)}")
            continue
        if dry_run:
            print(shlex.join(command))
            continue
        print(f"[{index}/{len(runs)}] {run.config.name} rep{run.rep}: {shlex.join(command)}", flush=True)
        run.out.parent.mkdir(parents=True, exist_ok=True)
        start = time.monotonic()
        # The log sits beside the campaign folder: `tzer fuzz` owns the folder itself.
        with open(run.out.with_suffix(".log"), "w") as log:
            code = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT).returncode
        print(f"    exit {code} after {format_duration(time.monotonic() - start)}", flush=True)
        failures += code != 0
    return failures


@dataclass
class Summary:
    config: Config
    outs: list[Path]  # the finished, readable runs
    finals: list[dict[str, float]]  # their last plot_data rows
    problems: list[str]  # why the other runs are left out

    def stat(self, column: str, how: str) -> float | None:
        values = [final[column] for final in self.finals]
        if not values:
            return None
        return {"mean": sum(values) / len(values), "min": min(values), "max": max(values)}[how]


def summarize(configs: list[Config], runs: list[Run]) -> list[Summary]:
    summaries = {config.name: Summary(config, [], [], []) for config in configs}
    for run in runs:
        summary = summaries[run.config.name]
        try:
            # A campaign cut short would drag its configuration's numbers down: only finished ones count.
            declared = load_campaign(run.out).stats.get("status")
            if declared != "finished":
                raise CampaignError(f"{run.out}: did not finish (status {declared or 'missing'})")
            data = read_plot_data(run.out)
            if len(data) == 0:
                raise CampaignError(f"{run.out}: plot_data has no rows")
        except CampaignError as error:
            summary.problems.append(str(error))
            continue
        summary.outs.append(run.out)
        summary.finals.append({column: data.final(column) for column in data.columns})
    return list(summaries.values())


def _number(value: float | None, fmt: str = "{:.0f}") -> str:
    return "-" if value is None else fmt.format(value)


def markdown_table(summaries: list[Summary], reps: int) -> str:
    lines = ["| configuration | flags | runs | coverage mean | coverage min | coverage max | corpus | "
             "valid rate | findings |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for s in summaries:
        lines.append(" | ".join([
            f"| {s.config.name}", f"`{shlex.join(s.config.flags)}`" if s.config.flags else "(defaults)",
            f"{len(s.finals)}/{reps}", _number(s.stat("coverage", "mean"), "{:.1f}"),
            _number(s.stat("coverage", "min")), _number(s.stat("coverage", "max")),
            _number(s.stat("corpus", "mean"), "{:.1f}"),
            _number(s.stat("valid_rate", "mean"), "{:.1%}"),
            _number(s.stat("findings", "mean"), "{:.1f}"),
        ]) + " |")
    return "\n".join(lines)


def write_report(title: str, summaries: list[Summary], reps: int, budget: str, out: Path,
                 figures: list[Path]) -> Path:
    problems = [problem for s in summaries for problem in s.problems]
    text = [f"# {title}", "",
            f"Budget {budget} per campaign, {reps} repetition(s) per configuration. Final values are "
            "the last plot_data row of each finished run; corpus, valid rate and findings are means "
            "over runs.", "",
            markdown_table(summaries, reps), ""]
    text += [f"![{figure.stem}]({figure.name})" for figure in figures]
    if problems:
        text += ["", "## Runs left out", "", *[f"- {problem}" for problem in problems]]
    report = out / "report.md"
    report.write_text("\n".join(text) + "\n")
    return report


def write_figures(summaries: list[Summary], out: Path) -> list[Path]:
    outs = [run for s in summaries for run in s.outs]
    if not outs:
        return []
    labels = [s.config.name for s in summaries for _ in s.outs]
    return [plot(outs, out / f"progress-{x}.png", labels=labels, x=x, group=True) for x in ("time", "execs")]


def run_study(args: argparse.Namespace, configs: list[Config], title: str) -> int:
    if args.reps < 1:
        print("--reps must be at least 1", file=sys.stderr)
        return 2
    try:
        parse_duration(args.budget)  # fail before launching anything, not at the first campaign
    except ValueError as error:
        print(f"--budget: {error}", file=sys.stderr)
        return 2
    out = args.out or Path(f"out-{args.study}-{args.budget}")
    runs = plan(configs, args.reps, out)
    tzer = shlex.split(args.tzer)
    failures = 0
    if not args.report_only:
        if not args.dry_run and shutil.which(tzer[0]) is None:
            print(f"cannot find the tzer command {tzer[0]!r}: install tzer or pass --tzer", file=sys.stderr)
            return 2
        failures = execute(runs, tzer, args.budget, args.dry_run)
        if args.dry_run:
            return 0
    out.mkdir(parents=True, exist_ok=True)
    summaries = summarize(configs, runs)
    report = write_report(title, summaries, args.reps, args.budget, out, write_figures(summaries, out))
    print(report.read_text())
    return 1 if failures else 0
