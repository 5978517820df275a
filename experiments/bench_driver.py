"""The driver's ceiling: how many results per second the fuzzing loop absorbs, workers aside.

The real loop (tzer.engine.loop.Fuzzer, with its campaign folder, pool, noise filter, recorder
and the breakpoint backend's coverage map) runs against synthetic workers that answer at once
with realistic results: hit arrays of the sizes real tests produce (measured first, in a real
worker), a share of them reaching new blocks (so the corpus grows and is written to disk), and
a few findings. Whatever rate the loop reaches is what one driver can serve, whatever the
cluster behind it.

    python experiments/bench_driver.py [--seconds 20] [--workers 16] [--measure 40]
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

import memcov
import seeds
from tzer.engine.campaign import Campaign
from tzer.engine.loop import Fuzzer
from tzer.execution.confirm import replay_request, script_key
from tzer.execution.executor import Executor
from tzer.options import FUZZ_FLAGS, FuzzOptions
from tzer.vocabulary import ExecResult, Outcome, Stage, Status

PER_WORKER_RATE = 13.0  # tests/s of one worker, measured in the 10-minute campaigns of the last round


def measure_hits(count: int) -> np.ndarray:
    """Hit-array sizes of `count` shipped seeds run in a real worker with the breakpoint backend."""
    backend = memcov.open_backend("breakpoint", progress=True)
    executor = Executor(backend, timeout=60)
    sizes = []
    try:
        for seed in random.Random(0).sample(seeds.load(), count):
            result = executor.run(replay_request(script_key(seed.script), [], {"differential": True}, 0), seed.script)
            sizes.append(len(result.hits))
    finally:
        executor.close()
        backend.close()
    return np.array(sizes)


class SyntheticExecutor:
    """Executor API; every submitted test is answered at the next poll, with no TVM work."""

    def __init__(self, backend: Any, workers: int, hits: int, new_share: float, finding_share: float) -> None:
        self.backend = backend
        self.workers = workers
        self.hits = hits
        self.new_share = new_share
        self.finding_share = finding_share
        self.rng = np.random.default_rng(0)
        self.known = self.rng.choice(backend.total, size=max(hits * 4, 1), replace=False)
        backend.global_map.add(self.known)
        self.pending: dict[int, dict[str, Any]] = {}
        self.starts = self.restarts = 0

    def nodes(self) -> int:
        return 1

    def pids(self) -> list[int]:
        return [0] * self.workers

    def idle(self) -> list[int]:
        return [i for i in range(self.workers) if i not in self.pending]

    def submit(self, request: dict[str, Any], seed_script: str | None, merge: bool = True,
               worker: int | None = None) -> int:
        index = self.idle()[0] if worker is None else worker
        self.pending[index] = {"request": request, "script": seed_script, "merge": merge}
        return index

    def poll(self, timeout: float | None = None) -> list[ExecResult]:
        results = [self._result(index, test) for index, test in self.pending.items()]
        self.pending.clear()
        return results

    def _result(self, index: int, test: dict[str, Any]) -> ExecResult:
        hits = self.rng.choice(self.known, size=self.hits)
        if self.rng.random() < self.new_share:
            hits = np.concatenate([hits, self.rng.integers(0, self.backend.total, size=5)])
        status, outcome = Status.OK, Outcome(status=Status.OK)
        if self.rng.random() < self.finding_share:
            status = Status.EXCEPTION
            outcome = Outcome(status=status, stage=Stage.PASS, pass_name="tirx.Simplify",
                              message=f"Check failed: synthetic {self.rng.integers(0, 50)}")
        result = ExecResult(status=status, outcome=outcome, script=test["script"], hits=hits.astype(np.int64),
                            worker=index, stage=Stage.COMPILE)
        result.new_indices = self.backend.global_map.uncovered(result.hits)
        result.new_coverage = self.backend.global_map.add(result.hits) if test["merge"] else 0
        return result

    def run(self, request: dict[str, Any], seed_script: str | None, merge: bool = True) -> ExecResult:
        self.submit(request, seed_script, merge)
        return self.poll()[0]

    def adopt_last_mutant(self, worker: int, key: str) -> None:
        pass

    def kill(self) -> None:
        pass

    def close(self) -> None:
        pass


def absorbed_rate(seconds: float, workers: int, hits: int, new_share: float, finding_share: float) -> float:
    out = Path(tempfile.mkdtemp(prefix="tzer-driver-")) / "out"
    defaults = {flag.dest: flag.default for flag in FUZZ_FLAGS}
    opts = FuzzOptions(**{**defaults, "out": out, "time_budget": seconds, "jobs": workers, "progress": False,
                          "calibrate": False, "confirm": False})

    def open_synthetic(campaign: Campaign) -> None:
        from tzer.engine.noise import NoiseFilter

        campaign.backend = memcov.open_backend("breakpoint", progress=False)
        campaign.executor = SyntheticExecutor(campaign.backend, workers, hits, new_share, finding_share)
        campaign.noise = NoiseFilter(campaign.backend)

    Campaign._open_coverage = open_synthetic  # type: ignore[method-assign]
    fuzzer = Fuzzer(opts)
    started = time.monotonic()
    fuzzer.run()
    elapsed = time.monotonic() - started
    execs = fuzzer.campaign.counters.execs
    shutil.rmtree(out.parent, ignore_errors=True)
    return execs / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each synthetic campaign")
    parser.add_argument("--workers", type=int, default=16, help="synthetic workers kept busy")
    parser.add_argument("--measure", type=int, default=40, help="real tests run to measure hit-array sizes")
    parser.add_argument("--new-share", type=float, default=0.2, help="share of results that reach new blocks")
    parser.add_argument("--finding-share", type=float, default=0.01, help="share of results that are findings")
    args = parser.parse_args()

    sizes = measure_hits(args.measure)
    median, p95 = int(np.median(sizes)), int(np.percentile(sizes, 95))
    print(f"hit-array sizes of {len(sizes)} real tests (breakpoint backend, fresh worker): "
          f"median {median}, p95 {p95}, max {int(sizes.max())}")
    rates = {}
    for label, hits in (("median", max(median, 1)), ("p95", max(p95, 1)), ("10x p95", max(p95, 1) * 10)):
        rates[label] = absorbed_rate(args.seconds, args.workers, hits, args.new_share, args.finding_share)
        print(f"hits per result {hits:>7} ({label:>7}): the driver absorbs {rates[label]:8.0f} results/s",
              flush=True)
    ceiling = rates["p95"]
    print(f"\nat {PER_WORKER_RATE:g} tests/s per worker, with p95-sized results (ceiling {ceiling:.0f} results/s):")
    print("| workers | results/s needed | driver load |")
    print("|---:|---:|---:|")
    for workers in (10, 100, 1000):
        needed = workers * PER_WORKER_RATE
        print(f"| {workers} | {needed:.0f} | {needed / ceiling:.0%} |")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
