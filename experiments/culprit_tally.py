"""Tally the hand-judged triage of a campaign: culprit right, real, duplicate, invalid, per subject.

The judgements are markdown tables (one row per listed bug of `summary.md`) with the columns
`| bug | named culprit | judged culprit | culprit right | verdict | root cause | note |`, written by
people (or helpers) who read each report, ran its repro.py and read TVM's source; see
experiments/culprit/judging.md for the instructions they followed. Batches judge0-3 hold the TIR
compiler bugs, judge4-7 the tvm.sym analysis bugs.

    python experiments/culprit_tally.py experiments/culprit
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

COLUMNS = ("bug", "named", "judged", "right", "verdict")
# c44 had a fifth TIR judge (judge8) and three analysis judges (judge4-6).
TIR_BATCHES = ("judge0.md", "judge1.md", "judge2.md", "judge3.md", "judge8.md")


def read_tables(folder: Path) -> dict[str, dict[str, str]]:
    rows: dict[str, dict[str, str]] = {}
    for path in sorted(folder.glob("judge[0-9].md")):
        for line in path.read_text().splitlines():
            if not line.startswith("| ") or line.startswith(("| bug", "|---")):
                continue
            # A judge's cell may hold an escaped `\|` (markdown's literal bar).
            cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
            if len(cells) < len(COLUMNS):
                continue
            bug = re.sub(r"[`\[\]*]", "", cells[0]).split("(")[0].strip()
            rows[bug] = {**dict(zip(COLUMNS[1:], cells[1:5], strict=True)), "batch": path.name}
    return rows


def summary(rows: list[dict[str, str]]) -> str:
    n = len(rows) or 1
    right = sum(row["right"].lower().startswith("yes") for row in rows)
    real = sum(row["verdict"].lower().startswith("real") for row in rows)
    dup = sum(row["verdict"].lower().startswith("dup") for row in rows)
    invalid = sum(row["verdict"].lower().startswith("invalid") for row in rows)
    return (f"| {len(rows)} | {right} ({100 * right / n:.1f}%) | {real} | {dup} ({100 * dup / n:.1f}%) | {invalid} | "
            f"{100 * (real + dup) / n:.1f}% |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the folder of judge*.md tables")
    folder = parser.parse_args().folder
    if not folder.is_dir():
        parser.error(f"{folder} is not a folder")
    rows = read_tables(folder)
    tir = [row for row in rows.values() if row["batch"] in TIR_BATCHES]
    analysis = [row for row in rows.values() if row["batch"] not in TIR_BATCHES]
    print("| bugs | listed | culprit right | real | duplicate | invalid | real or duplicate |")
    print("|---|---|---|---|---|---|---|")
    for name, selected in (("TIR compiler", tir), ("tvm.sym analyses", analysis), ("all", list(rows.values()))):
        print(f"| {name} {summary(selected)}")


if __name__ == "__main__":
    main()
