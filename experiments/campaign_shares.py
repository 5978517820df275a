"""Where campaigns spent their tests, and what they reached in TVM's TIR directories.

For each campaign folder, from its fuzzer_stats, plot_data and coverage.npz:
- the share of TIR tests on targets whose builds run on this machine (`tzer targets`), the only
  tests that can show wrong code;
- the kinds of fuzzing round: IR, pass-sequence, target and havoc rounds (which change all three),
  and the share that changes the pass sequence (pass rounds, and pass rounds with havoc);
- distinct finding signatures after 10 minutes and at the end;
- blocks covered in TVM's TIR directories (memcov.atlas), in all of TVM, LLVM and Z3.

    python experiments/campaign_shares.py OUT [OUT ...]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from tzer.analysis.bydir import atlas_for, by_directory, read_map
from tzer.analysis.campaign import read_plot_data
from tzer.campaign.stats import parse_fuzzer_stats

FUZZING_ROUNDS = ("ir", "passes", "target", "havoc")


def running_targets() -> set[str]:
    listing = subprocess.run([sys.executable, "-m", "tzer", "targets", "--json"], capture_output=True, text=True,
                             check=True).stdout
    return {row["target"] for row in map(json.loads, listing.splitlines()) if row.get("runs")}


def shares(out: Path, runs: set[str]) -> dict[str, object]:
    stats = parse_fuzzer_stats((out / "fuzzer_stats").read_text())
    tests = {key.removeprefix("target_"): int(value.split()[0]) for key, value in stats.items()
             if key.startswith("target_") and key not in ("target_mutations", "target_mutations_kept")}
    rounds = {kind: int(stats.get(f"round_{kind}", "0 0").split()[0]) for kind in FUZZING_ROUNDS}
    fuzzing = sum(rounds.values()) or 1
    plot = read_plot_data(out)
    early = [s for t, s in zip(plot["relative_time"], plot["signatures"], strict=True) if t <= 600]
    backend, build_id, covered = read_map(out / "coverage.npz")
    totals = by_directory(atlas_for(backend, build_id), covered, 1)["totals"]
    return {"execs": int(stats["execs_done"]),
            "tests_on_running_targets": round(sum(n for t, n in tests.items() if t in runs) / sum(tests.values()), 3),
            "rounds": rounds, "pass_rounds": round(rounds["passes"] / fuzzing, 3),
            "pass_and_havoc_rounds": round((rounds["passes"] + rounds["havoc"]) / fuzzing, 3),
            "signatures_10m": int(early[-1]) if early else 0, "signatures": int(stats["signatures"]),
            "tir_blocks": totals["tir"][0], "tvm_blocks": totals["tvm"][0], "llvm_blocks": totals["llvm"][0],
            "z3_blocks": totals["z3"][0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outs", nargs="+", type=Path, metavar="OUT")
    args = parser.parse_args()
    runs = running_targets()
    for out in args.outs:
        print(out, json.dumps(shares(out, runs)))


if __name__ == "__main__":
    main()
