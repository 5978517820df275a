"""Re-derive, with today's code, the culprit and root cause of every hand-judged bug of a triaged
campaign, and score them against the judges' verdicts.

Each judged bug's reduced case runs once in a clean worker, as `tzer triage` runs it: a TIR case
with the `culprit` and `origin` checks (its named culprit and its root, as triage's _diagnose and
blame derive them), an analysis case reduced again from its reduced case and replayed (as
triage_analysis_bug derives them). Crashes and hangs keep what triage wrote. A case that no longer
fails (today's rules refuse it or call it invalid) or whose pass sequence today's prerequisites
change (out of contract) would not be listed: it leaves the list.

Scoring, on the same judged bugs (in-sample: a measure of what changed, not of fresh bugs):
- a named culprit that did not change keeps the judge's right/wrong; a changed one counts right
  only where the judge's own judged-culprit text (of the bug, or of the bug it duplicates) names
  that component, or one of the passes it names;
- bugs are grouped by their re-derived root, most hits first, as triage's mark_duplicates does;
  a listed bug is a duplicate when the judges call it one of a bug listed apart from it.

    python experiments/culprit_rederive.py OUT experiments/culprit [--json rederived.json]
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from culprit_tally import TIR_BATCHES, read_tables  # noqa: E402

# A changed name is right where the judged culprit names it by one of these words.
KEYS = (("codegen", ("codegen", "code generator", "CodeGen")),
        ("DetectIterMap", ("detect_iter_map", "DetectIterMap", "iter_affine_map", "iterator map", "IterMapRewriter",
                           "IterMapSimplify")),
        ("detect_iter_map", ("detect_iter_map", "DetectIterMap", "iter_affine_map", "IterMapRewriter")),
        ("InverseAffineIterMap", ("InverseAffineIterMap",)),
        ("ConstraintContext", ("ConstraintContext",)),
        ("constraint", ("constraint", "ConstraintContext")),
        ("RewriteSimplifier", ("RewriteSimplifier",)),
        ("tvm::cast", ("cast",)),
        ("TransitiveComparison", ("TransitiveComparison",)),
        ("ConstIntBound", ("ConstIntBound",)),
        ("ModularSet", ("ModularSet",)),
        ("IntSet", ("IntSet", "int_set")),
        ("can_prove_equal", ("CanProveEqual", "can_prove_equal")))
REDUCE_SECONDS = 30.0
BUG_ID = r"(?:crash|exception|unsound|ill_formed|inconsistency|hang)-[0-9a-f]{8}"


def rederive(bugs: Path, ids: list[str]) -> dict[str, dict[str, Any]]:
    from tirkit.arith_case import ArithCase
    from tirkit.script import is_block_form
    from tzer.arith.reduce import reduce_arith
    from tzer.execution.confirm import clean_worker, replay_analysis, run_case
    from tzer.passes.mutation import repair
    from tzer.triage import analysis
    from tzer.triage.blame import diagnosis, named_culprit
    from tzer.triage.finding import load_finding
    from tzer.vocabulary import CULPRIT_CHECK, ORIGIN_CHECK, FindingKind

    found: dict[str, dict[str, Any]] = {}
    with clean_worker(60.0) as executor:
        for number, bug in enumerate(ids, 1):
            row = json.loads((bugs / bug / "meta.json").read_text())
            kind = FindingKind(row["kind"])
            named, root, gone = row.get("culprit"), row.get("root"), False
            if row.get("subject") == "analysis":
                meta = json.loads((bugs / bug / "reduced" / "meta.json").read_text())
                case = ArithCase.from_json(json.loads((bugs / bug / "reduced" / "case.json").read_text()))
                seed = int(meta.get("rng") or 0)
                # Reduced again from the reduced case, as today's reducer would leave it.
                case = reduce_arith(case, analysis.SameFailure(executor, kind, meta, seed), seconds=REDUCE_SECONDS
                                    ).reduced
                seen = replay_analysis(executor, case.to_json(), seed, (meta.get("violation") or {}).get("point"))
                gone = seen.kind != kind
                if seen.kind == kind:
                    meta.update(analysis._observed(seen, meta))
                    alone = replay_analysis(executor, case.to_json(), seed, constraints_only=True) \
                        if kind == FindingKind.CRASH else None
                    if alone is not None and alone.result.signal == meta.get("signal"):
                        meta["while"] = analysis.CONSTRAINTS_ALONE
                    named, root = analysis.culprit_of(case.analysis, meta, case), analysis._root(kind, case, meta)
            elif kind in (FindingKind.EXCEPTION, FindingKind.ILL_FORMED, FindingKind.INCONSISTENCY):
                finding = load_finding(bugs / bug / "reduced")
                checks = {**finding.checks, CULPRIT_CHECK: True,
                          **({ORIGIN_CHECK: True} if kind != FindingKind.INCONSISTENCY else {})}
                # Listed as triage lists: the case fails alike with its own checks, and the example it
                # was reduced from still fails with today's prerequisites (workflow._within_contract).
                plain = run_case(executor, finding.case.script, finding.case.passes, finding.checks, finding.rng,
                                 finding.target)
                example = load_finding(Path(row["example"]))
                completed = repair(example.case.passes, is_block_form(example.case.script))
                gone = plain.kind != kind or (completed != example.case.passes and run_case(
                    executor, example.case.script, completed, example.checks, example.rng, example.target).kind != kind)
                seen = run_case(executor, finding.case.script, finding.case.passes, checks, finding.rng, finding.target)
                if seen.kind == kind:
                    details = seen.result.outcome.details
                    failing, origin_found = finding.meta.get("pass"), details.get(ORIGIN_CHECK)
                    _, culprit, rederived = diagnosis(kind, row["signature"], failing, finding.meta.get("message"),
                                                      [str(part) for part in origin_found] if origin_found else None,
                                                      details.get(CULPRIT_CHECK))
                    named = named_culprit(finding.meta.get("guilty_pass") or row.get("guilty") or "", culprit, failing)
                    root = rederived or root
            before = {"named": row.get("culprit"), "root": row.get("root")}
            found[bug] = {"named": named, "root": root, "before": before, "gone": gone}
            print(f"[{number}/{len(ids)}] {bug}: {'(no longer listed) ' if gone else ''}{named}", file=sys.stderr,
                  flush=True)
    return found


def _norm(label: Any) -> str:
    return re.sub(r"\(.*?\)", "", re.sub(r" \(after .*\)$", "", str(label or ""))).strip()


def score(rows: dict[str, dict[str, str]], found: dict[str, dict[str, Any]], hits: dict[str, int]) -> str:
    def original(bug: str, seen: tuple[str, ...] = ()) -> str:
        match = re.search(rf"dup-of-({BUG_ID})", rows[bug]["verdict"])
        if not match or match.group(1) not in rows or match.group(1) in seen:
            return bug
        return original(match.group(1), (*seen, bug))

    def judged(bug: str) -> str:
        text = rows[bug]["judged"]
        same = re.search(rf"same as ({BUG_ID})", text)
        return rows[original(bug)]["judged"] if same or text.lower().startswith("dup") else text

    right: dict[str, bool] = {}
    lines = ["| bug | named before | named now | right before | right now | judged culprit |",
             "|---|---|---|---|---|---|"]
    for bug, row in rows.items():
        now, before = found[bug]["named"], found[bug]["before"]["named"]
        if _norm(now) == _norm(before):
            right[bug] = row["right"].lower().startswith("yes")
            continue
        words = next((w for key, w in KEYS if key in str(now)), ())
        # A component of tvm.sym by its class (`sym.CanonicalSimplifier`).
        words += tuple(re.findall(r"\bsym\.(\w+)", str(now))) + (_norm(now),)
        passes = re.findall(r"(?:tirx|s_tir|schedule)\.(\w+)", str(now))
        right[bug] = any(w.lower() in judged(bug).lower() for w in (*words, *passes))
        lines.append(f"| {bug} | {before} | {now} | {row['right'][:3]} | {'yes' if right[bug] else 'no'} | "
                     f"{judged(bug)[:90]} |")
    groups: dict[str, list[str]] = collections.defaultdict(list)
    gone = sorted(bug for bug in rows if found[bug].get("gone"))
    for bug in sorted(rows, key=lambda b: (-hits[b], b)):
        if bug not in gone:
            groups[str(found[bug]["root"] or bug)].append(bug)
    listed = {group[0]: group for group in groups.values()}
    group_of = {member: first for first, group in listed.items() for member in group}

    def duplicate(bug: str) -> bool:
        return rows[bug]["verdict"].lower().startswith("dup") and group_of[original(bug)] != bug

    lines += ["", "| bugs | listed | culprit right | real | duplicate | invalid | real or duplicate |",
              "|---|---|---|---|---|---|---|"]
    for name, chosen in (("TIR compiler", [b for b in listed if rows[b]["batch"] in TIR_BATCHES]),
                         ("tvm.sym analyses", [b for b in listed if rows[b]["batch"] not in TIR_BATCHES]),
                         ("all", list(listed))):
        n = len(chosen) or 1
        good = sum(right[b] for b in chosen)
        dups = sum(duplicate(b) for b in chosen)
        invalid = sum(rows[b]["verdict"].lower().startswith("invalid") for b in chosen)
        lines.append(f"| {name} | {len(chosen)} | {good} ({100 * good / n:.1f}%) | {len(chosen) - dups - invalid} | "
                     f"{dups} ({100 * dups / n:.1f}%) | {invalid} | {100 * (len(chosen) - invalid) / n:.1f}% |")
    merged_real = [(b, first) for first, group in listed.items() for b in group[1:]
                   if rows[b]["verdict"].lower().startswith("real") and original(first) != b]
    left = ", ".join(f"{bug} (judged {rows[bug]['verdict'][:7]})" for bug in gone)
    lines += ["", f"{len(rows)} judged bugs, {len(gone)} no longer listed (refused, invalid or out of contract "
              f"today: {left}), {len(listed)} listed; judged-real bugs merged into another: {len(merged_real)}"]
    lines += [f"- {b} into {first} ({found[b]['root']})" for b, first in merged_real]
    lines += ["", "Listed, culprit judged wrong:"]
    lines += [f"- {b}: named {found[b]['named']}; judged {judged(b)[:100]}" for b in listed if not right[b]]
    lines += ["", "Listed, a duplicate of a bug listed apart:"]
    lines += [f"- {b} (of {group_of[original(b)]}): {found[b]['root']}" for b in listed if duplicate(b)]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("campaign", type=Path, help="the triaged campaign folder (its bugs/ are re-derived)")
    parser.add_argument("judged", type=Path, help="the folder of judge*.md tables (experiments/culprit_tally.py)")
    parser.add_argument("--json", type=Path, help="keep the re-derived culprits and roots here; read them if it exists")
    args = parser.parse_args()
    bugs = args.campaign / "bugs"
    if not bugs.is_dir() or not args.judged.is_dir():
        parser.error(f"no {bugs} or no {args.judged}")
    rows = read_tables(args.judged)
    if args.json and args.json.exists():
        found = json.loads(args.json.read_text())
    else:
        found = rederive(bugs, list(rows))
        if args.json:
            args.json.write_text(json.dumps(found, indent=1))
    hits = {bug: int(json.loads((bugs / bug / "meta.json").read_text()).get("hits") or 1) for bug in rows}
    print(score(rows, found, hits))


if __name__ == "__main__":
    main()
