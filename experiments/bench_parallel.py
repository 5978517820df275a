"""Execs/s and coverage of `tzer fuzz -j 1`, `-j 2` and `--ray local -j 2`, in one run.

Each configuration runs the same campaign (same --seed, same wall-clock budget, default
settings otherwise) back to back on this machine. The script prints, for each: execs/s over
the whole session, execs/s after the warm-up (calibration and worker start-up excluded, read
from plot_data), coverage at the end, and the ratios against -j 1. Run it on an idle machine:
timings are only comparable within one run.

    python experiments/bench_parallel.py [--time 3m] [--seed 7] [--warmup 45] [--no-ray]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tzer.argtypes import duration
from tzer.campaign.stats import parse_fuzzer_stats


def run(label: str, extra: list[str], budget: float, seed: int, warmup: float, root: Path) -> dict[str, float]:
    out = root / label.replace(" ", "_")
    command = [sys.executable, "-m", "tzer", "fuzz", "-o", str(out), "--time", f"{budget:g}s", "--seed", str(seed),
               "--no-progress", *extra]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{label}: tzer fuzz failed:\n{done.stderr[-2000:]}")
    stats = parse_fuzzer_stats((out / "fuzzer_stats").read_text())
    rows = [line.split(",") for line in (out / "plot_data").read_text().splitlines()[1:] if line]
    times, execs = [float(r[0]) for r in rows], [int(r[1]) for r in rows]
    start = next(i for i, t in enumerate(times) if t >= warmup)
    steady = (execs[-1] - execs[start]) / (times[-1] - times[start])
    return {"execs/s": float(stats["execs_per_sec"]), "steady execs/s": steady,
            "execs": float(stats["execs_done"]), "coverage": float(stats["coverage_covered"]),
            "corpus": float(stats["corpus_count"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time", type=duration, default=180.0, help="budget of each campaign (default 3m)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--warmup", type=float, default=45.0, help="seconds left out of the steady rate")
    parser.add_argument("--no-ray", action="store_true", help="skip the --ray local run")
    args = parser.parse_args()
    configs = [("-j 1", ["-j", "1"]), ("-j 2", ["-j", "2"])]
    if not args.no_ray:
        configs.append(("ray local -j 2", ["--ray", "local", "-j", "2"]))
    root = Path(tempfile.mkdtemp(prefix="tzer-parallel-"))
    results = {}
    try:
        for label, extra in configs:
            results[label] = run(label, extra, args.time, args.seed, args.warmup, root)
            print(f"{label:>15}: " + ", ".join(f"{k} {v:.2f}" if "/s" in k else f"{k} {v:.0f}"
                                                for k, v in results[label].items()), flush=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    base = results["-j 1"]
    print(f"\nsame seed ({args.seed}) and budget ({args.time:g} s) for each; ratios against -j 1:")
    for label, values in results.items():
        print(f"{label:>15}: execs/s x{values['execs/s'] / base['execs/s']:.2f}, steady execs/s "
              f"x{values['steady execs/s'] / base['steady execs/s']:.2f}, coverage "
              f"x{values['coverage'] / base['coverage']:.3f}")
    if "ray local -j 2" in results:
        ray, local = results["ray local -j 2"], results["-j 2"]
        print(f"ray local -j 2 / -j 2: execs/s x{ray['execs/s'] / local['execs/s']:.2f}, steady "
              f"x{ray['steady execs/s'] / local['steady execs/s']:.2f}")


if __name__ == "__main__":
    main()
