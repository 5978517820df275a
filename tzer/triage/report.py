"""report.md (one bug, ready to paste into a TVM GitHub issue) and OUT/bugs/summary.md."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tzer.campaign.stats import format_duration, parse_fuzzer_stats
from tzer.environment import environment, tvm_version
from tzer.oracles import ORACLES
from tzer.targets import HOST
from tzer.triage.repro import target_expression
from tzer.vocabulary import Component, FindingKind, Stage, Verdict

MAX_ERROR_LINES = 25

_EXPECTED = {
    FindingKind.EXCEPTION: "The passes and `tvm.compile(..., target=TARGET)` succeed on this well-formed function, "
                 "or reject it with a clear error that names the user's mistake.",
    FindingKind.CRASH: "No crash: a well-formed function is transformed and compiled, or rejected with an error.",
    FindingKind.HANG: "The passes and the build finish within seconds.",
    FindingKind.OOM: "The passes and the build run in bounded memory.",
    FindingKind.ILL_FORMED: "Each pass returns well-formed TIR that prints as TVMScript and parses back to the "
                  "same function.",
    FindingKind.NON_IDEMPOTENT: "Applying the pass a second time does not change the IR again.",
    FindingKind.INCONSISTENCY: "The function built with the passes at opt_level=3 computes the same outputs as the "
                     "opt_level=0 build of the original function.",
    FindingKind.PERF: "The optimized build is not several times slower than the opt_level=0 build.",
    FindingKind.UNSOUND: "The analysis's answer holds at every point of the domain (see tzer/arith/contracts.py).",
}


@dataclass
class BugReport:
    """What report.md and summary.md say about one bug."""

    bug_id: str
    kind: str
    stage: str | None
    pass_label: str | None
    message: str
    error: str
    signal: str | None
    guilty: str
    status: str
    hits: int
    first_seen: float | None
    last_seen: float | None
    sizes: str
    log: str = ""
    repro_output: str = ""  # what running repro.py printed, when triage ran it
    contract: str = "inside"  # "outside": the sequence lacks a prerequisite of a pass, on purpose
    target: str = HOST
    oracle: str = ""  # the oracle that judged it, when one did
    origin: list[str] | None = None  # [pass, problem]: an earlier pass that left the IR broken
    no_op_passes: list[str] | None = None  # left out of the reduced sequence: they change nothing here
    campaign_start: float | None = None  # when the campaign that found it started (fuzzer_stats start_time)
    culprit: str = ""  # the component named at fault, in words (tzer.triage.blame)
    culprit_found: dict[str, Any] | None = None  # the culprit run's evidence: component, label, how, made_by

    def expected(self) -> str:
        oracle = ORACLES.get(self.oracle)
        return (oracle.expected if oracle is not None else "") or _EXPECTED.get(self.kind, "No failure.")

    def title(self) -> str:
        where = self.pass_label or (f"the {self.stage} stage" if self.stage else "TIR")
        if self.stage == Stage.COMPILE:
            # The pipeline pass that fails is rarely the one to blame; the extra pass before it is.
            where = "tvm.compile" + (f" ({self.pass_label})" if self.pass_label else "")
            if not self.guilty.startswith("none"):
                where += f" after {self.guilty}"
        found = self.culprit_found or {}
        if found.get("component") in _COMPONENTS:
            where = found["label"] + (f" (on IR made by {found['made_by']})" if found.get("made_by") else "")
        what = {FindingKind.CRASH: f"crash ({self.signal or 'signal'})", FindingKind.HANG: "hang",
                FindingKind.OOM: "memory blow-up", FindingKind.ILL_FORMED: "ill-formed output",
                FindingKind.NON_IDEMPOTENT: "non-idempotent pass", FindingKind.INCONSISTENCY: "wrong result",
                FindingKind.PERF: "slowdown"}.get(self.kind, "error")
        return f"[Bug][TIR] {what} in {where}: {self.message.strip()}"[:160]


def _actual(report: BugReport) -> str:
    """The end of repro.py's output when there is one (the error is last), else the fuzzer's record."""
    if report.repro_output.strip():
        lines = report.repro_output.strip().splitlines()
        if len(lines) > MAX_ERROR_LINES:
            lines = [f"... ({len(lines) - MAX_ERROR_LINES} earlier lines)"] + lines[-MAX_ERROR_LINES:]
        return "\n".join(lines)
    text = report.error.strip() or report.message
    if report.kind == FindingKind.CRASH:
        text = f"The process dies with {report.signal or 'a signal'}.\n\n{report.log.strip()}".strip()
    lines = text.splitlines()
    if len(lines) > MAX_ERROR_LINES:
        lines = lines[:MAX_ERROR_LINES] + [f"... ({len(lines) - MAX_ERROR_LINES} more lines)"]
    return "\n".join(lines)


def report_markdown(report: BugReport, repro: str) -> str:
    env = "\n".join(f"- {key}: {value}" for key, value in environment().items())
    return f"""# {report.title()}

## Environment
{env}
- Target: {target_expression(report.target)}

## Description
Found by coverage-guided fuzzing of TIR functions and pass sequences (tzer), then reduced
automatically ({report.sizes}). The failure happens at the
**{report.stage or 'unknown'}** stage.

{_culprit(report)}
{_origin(report)}{_no_ops(report)}{_contract(report)}
## Minimal reproduction
Save as `repro.py` and run `python repro.py` (needs only `pip install apache-tvm=={tvm_version()}`).
It exits 0 once the bug is fixed.

```python
{repro.rstrip()}
```

## Expected behavior
{report.expected()}

## Actual behavior
```
{_actual(report)}
```

## Triage notes
- Status: {report.status} (re-run in a fresh process without coverage instrumentation)
- Hits during fuzzing: {report.hits}; first seen {when(report.first_seen)}\
{into_campaign(report.first_seen, report.campaign_start)}, last seen {when(report.last_seen)}
"""


# The components a culprit run can name (an "unknown" one leaves the reduced sequence's guilty pass).
_COMPONENTS = (str(Component.PASS), str(Component.CODEGEN), str(Component.PRINTER), str(Component.PARSER),
               str(Component.ANALYSIS))
ROUND_TRIP_LINES = """text = mod["main"].script()  # mod: the pass's output in repro.py
again = tvm.script.from_source(text)
assert tvm_ffi.structural_equal(mod["main"], again)"""


def _culprit(report: BugReport) -> str:
    found = report.culprit_found or {}
    if found.get("component") not in _COMPONENTS:
        # No culprit run named one: the failing pass where the sequence has no pass to blame (c47's
        # exception-b153eab7, whose report gave only "none" as its guilty pass).
        named = f"Culprit: **{report.culprit}**\n\n" if report.culprit and report.culprit != report.guilty else ""
        return f"{named}Guilty pass: **{report.guilty}**\n"
    lines = [f"Culprit ({found['component']}): **{report.culprit}**", "", f"How it was found: {found['how']}."]
    if found["component"] in (str(Component.PRINTER), str(Component.PARSER)):
        lines += ["", "The round trip in three lines, on the pass's output:", "", "```python", ROUND_TRIP_LINES, "```"]
    if report.guilty != found["label"] and not report.guilty.startswith("none"):
        lines += ["", f"The reduced pass sequence: {report.guilty}."]
    return "\n".join(lines) + "\n"


def _origin(report: BugReport) -> str:
    if not report.origin or report.culprit_found:
        return ""
    where, problem = report.origin
    return (f"\nThe IR is broken before the failing pass: checked after every pass, it first fails after "
            f"**{where}** ({problem}).\n")


def _no_ops(report: BugReport) -> str:
    if not report.no_op_passes:
        return ""
    return (f"\nLeft out of the pass list: {', '.join(report.no_op_passes)}. TVM's pipeline runs them before "
            "a pass that is kept, but on this function they change nothing, so every later pass sees the "
            "same IR without them.\n")


def _contract(report: BugReport) -> str:
    if report.contract != "outside":
        return ""
    return ("\n**contract: outside** — the pass sequence leaves out a prerequisite of a pass on purpose, so a\n"
            "pass meets IR of a form it was not written for. It should reject such input with an error,\n"
            "not crash or fail a check; a maintainer may still judge this usage unsupported.\n")


def when(stamp: float | None) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(stamp)) if stamp else "unknown"


def campaign_start(out: Path) -> float | None:
    """When campaign `out` first started (fuzzer_stats' start_time), where it says."""
    try:
        return float(parse_fuzzer_stats((out / "fuzzer_stats").read_text())["start_time"])
    except (OSError, KeyError, ValueError):
        return None


def into_campaign(first_seen: float | None, start: float | None) -> str:
    """ " (1h05m into the campaign)": how long the campaign ran before a bug's first sighting."""
    if not first_seen or not start or first_seen < start:
        return ""
    return f" ({format_duration(first_seen - start)} into the campaign)"


def summary_markdown(rows: list[dict[str, Any]]) -> str:
    """A table of the bugs that reproduce (kind, pass, hits, status), then the findings whose sequence
    ran a pass outside its contract on purpose (never counted among the bugs), then those that did
    not reproduce, with why."""
    reproduced = [row for row in rows if row["status"] != Verdict.NOT_REPRODUCED]
    bugs = [row for row in reproduced if row.get("contract", "inside") != "outside" and not row.get("duplicate_of")]
    outside = [row for row in reproduced if row.get("contract", "inside") == "outside"]
    elsewhere = [row for row in reproduced if row.get("duplicate_of") and row not in outside]
    unconfirmed = [row for row in rows if row["status"] == Verdict.NOT_REPRODUCED]
    known = [row for row in bugs if row.get("memory") == "known"]
    new = [row for row in bugs if row not in known]
    lines = ["# Bugs", "", f"{len(bugs)} bug(s) that reproduce in a clean worker, from triage on "
             f"{when(time.time())}" + (f"; {len(new)} new to the bug memory, listed first." if known else "."), "",
             *_bug_table(new)]
    if known:
        lines += ["", f"## Known root causes seen again ({len(known)})", "",
                  "The bug memory (`tzer triage --memory`) holds these from an earlier triage, with the verdict a "
                  "person gave (`tzer triage --mark BUG VERDICT`).", "",
                  "| bug | known as | verdict | first known | kind | target | hits | message |",
                  "|---|---|---|---|---|---|---|---|"]
        lines += [f"| [{row['id']}]({row['id']}/report.md) | {row['known_as']} | {row.get('verdict') or 'none yet'} | "
                  f"{when(row.get('first_known'))} | {row['kind']} | {row.get('target', HOST)} | {row['hits']} | "
                  f"{_cell(row)} |" for row in sorted(known, key=lambda r: (bool(r.get('verdict')), -int(r['hits'])))]
    if elsewhere:
        lines += ["", f"## The same failure point ({len(elsewhere)}): not counted again", "",
                  "Each fails the same internal check (`Check failed: ...`, one line of TVM's source) as a bug "
                  "above, under another pass or target, crashes in the same native frame, its reduced case fails "
                  "for the host `llvm` as a bug above does, the same earlier pass leaves its IR broken the same "
                  "way (however a later pass then fails), or it has the same culprit (the same pass made the IR "
                  "the same pass fails on; the same first pass computes a wrong result; the printer or the parser "
                  "fails the same way): one defect, whatever its message.", "",
                  "| bug | target | same as | message |", "|---|---|---|---|"]
        lines += [f"| [{row['id']}]({row['id']}/report.md) | {row.get('target', HOST)} | "
                  f"[{row['duplicate_of']}]({row['duplicate_of']}/report.md) | {_cell(row)} |" for row in elsewhere]
    if outside:
        lines += ["", f"## Out of contract ({len(outside)}): not counted as bugs", "",
                  "Their pass sequence leaves out a prerequisite of a pass on purpose (`--outside-contract-rate`), "
                  "so a pass met IR of a form it was not written for. A maintainer may judge any of them "
                  "unsupported usage; report one only with that said.", "", *_bug_table(outside)]
    if unconfirmed:
        lines += ["", f"## Not reproduced ({len(unconfirmed)}): not counted as bugs", "",
                  "| signature | kind | hits | why | message |", "|---|---|---|---|---|"]
        lines += [f"| `{row['signature']}` | {row['kind']} | {row['hits']} | {row['why']} | {_cell(row)} |"
                  for row in sorted(unconfirmed, key=lambda r: -int(r["hits"]))]
    return "\n".join(lines) + "\n"


def _bug_table(rows: list[dict[str, Any]]) -> list[str]:
    lines = ["| bug | kind | target | stage | culprit | hits | status | size (before → after) | message |",
             "|---|---|---|---|---|---|---|---|---|"]
    order = {kind: index for index, kind in enumerate(FindingKind)}
    for row in sorted(rows, key=lambda r: (order.get(r["kind"], 99), -int(r["hits"]), r["id"])):
        guilty = str(row.get("culprit") or row.get("guilty") or "").replace("|", "\\|")
        lines.append(f"| [{row['id']}]({row['id']}/report.md) | {row['kind']} | {row.get('target', HOST)} | "
                     f"{row.get('stage') or ''} | "
                     f"{guilty} | {row['hits']} | {row['status']} | {row.get('sizes', '')} | {_cell(row)} |")
    return lines


def _cell(row: dict[str, Any]) -> str:
    return str(row.get("message") or "").replace("|", "\\|").replace("\n", " ")[:100]
